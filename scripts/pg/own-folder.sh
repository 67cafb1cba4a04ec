# Sourced by the stop-test-*.sh scripts, which delete what a start-test-*.sh made.

# require_own_folder DIR PREFIX MADE_BY: exits 2 unless DIR is a folder named PREFIX.XXXXXX, as
# MADE_BY names its temporary folders: nothing else is ever deleted.
require_own_folder() {
  local dir="$1" prefix="$2" made_by="$3"
  if [ -z "$dir" ] || [ ! -d "$dir" ]; then
    echo "usage: $(basename "$0") FOLDER (a folder made by $made_by)" >&2
    exit 2
  fi
  case "$(basename "$dir")" in
    "$prefix".*) ;;
    *)
      echo "refusing to remove $dir: not a folder made by $made_by" >&2
      exit 2
      ;;
  esac
}

# The servers run as the postgres user: as root, their commands are handed to it.
as_pg=()
if [ "$(id -u)" = 0 ]; then as_pg=(runuser -u postgres --); fi
