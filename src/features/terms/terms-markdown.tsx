import Markdown from 'react-markdown';

/**
 * Terms text rendered from Markdown. react-markdown's default URL transform keeps only http,
 * https, irc, ircs, mailto and xmpp links (spec section 9), and raw HTML is not rendered.
 * Default export so screens can load it lazily.
 */
export default function TermsMarkdown({ content }: { content: string }) {
  return (
    <div className="prose-terms">
      <Markdown>{content}</Markdown>
    </div>
  );
}
