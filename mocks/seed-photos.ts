import { encodeCanvas, type EncodedMedia } from './media-codec';

/**
 * The demo seed's photos, drawn with a canvas in the browser (no image file is committed): a
 * harbour at sunset, a loaf on a board, a child's drawing of a house. mocks/seed.ts gives their
 * rows these sizes; handlers/media.ts draws and encodes a picture the first time its files are
 * asked for, through the same canvas encoding as an upload.
 */

interface Picture {
  width: number;
  height: number;
  draw(context: OffscreenCanvasRenderingContext2D, width: number, height: number): void;
}

function sunset(c: OffscreenCanvasRenderingContext2D, w: number, h: number): void {
  const horizon = h * 0.62;
  const sky = c.createLinearGradient(0, 0, 0, horizon);
  sky.addColorStop(0, '#1d2b64');
  sky.addColorStop(0.45, '#b2456e');
  sky.addColorStop(0.8, '#f7a35c');
  sky.addColorStop(1, '#ffd27f');
  c.fillStyle = sky;
  c.fillRect(0, 0, w, horizon);
  const sun = c.createRadialGradient(w * 0.62, horizon, 0, w * 0.62, horizon, h * 0.16);
  sun.addColorStop(0, '#fff6d5');
  sun.addColorStop(0.6, '#ffd166');
  sun.addColorStop(1, 'rgba(255, 209, 102, 0)');
  c.fillStyle = sun;
  c.fillRect(0, 0, w, horizon);
  const sea = c.createLinearGradient(0, horizon, 0, h);
  sea.addColorStop(0, '#c8675a');
  sea.addColorStop(1, '#14213d');
  c.fillStyle = sea;
  c.fillRect(0, horizon, w, h - horizon);
  // The sun's path on the water: short bright strokes, narrower towards the horizon.
  c.fillStyle = 'rgba(255, 225, 150, 0.55)';
  for (let i = 0; i < 28; i++) {
    const y = horizon + 8 + i * ((h - horizon) / 30);
    const half = 12 + i * 6;
    c.fillRect(w * 0.62 - half + ((i * 37) % 23) - 11, y, half * 2, 4 + i * 0.3);
  }
  // A harbour wall and a lamp post in silhouette.
  c.fillStyle = '#0b1020';
  c.fillRect(0, h * 0.78, w * 0.38, h * 0.22);
  c.fillRect(w * 0.3, h * 0.5, 10, h * 0.28);
  c.beginPath();
  c.arc(w * 0.3 + 5, h * 0.5, 18, 0, Math.PI * 2);
  c.fill();
}

function loaf(c: OffscreenCanvasRenderingContext2D, w: number, h: number): void {
  c.fillStyle = '#e9dcc9';
  c.fillRect(0, 0, w, h);
  // The board.
  c.fillStyle = '#8a5a33';
  c.beginPath();
  c.ellipse(w / 2, h * 0.58, w * 0.44, h * 0.3, 0, 0, Math.PI * 2);
  c.fill();
  // The loaf, darker at its edges.
  const crust = c.createRadialGradient(w * 0.48, h * 0.48, w * 0.05, w / 2, h / 2, w * 0.34);
  crust.addColorStop(0, '#e0a458');
  crust.addColorStop(0.7, '#b86b2a');
  crust.addColorStop(1, '#6e3b14');
  c.fillStyle = crust;
  c.beginPath();
  c.ellipse(w / 2, h / 2, w * 0.32, h * 0.22, -0.12, 0, Math.PI * 2);
  c.fill();
  // Scoring: three pale cuts across the top.
  c.strokeStyle = '#f3d29b';
  c.lineWidth = w * 0.018;
  c.lineCap = 'round';
  for (const dx of [-0.14, 0, 0.14]) {
    c.beginPath();
    c.moveTo(w * (0.5 + dx - 0.05), h * 0.4);
    c.quadraticCurveTo(w * (0.5 + dx), h * 0.5, w * (0.5 + dx + 0.04), h * 0.6);
    c.stroke();
  }
  // Flour dust.
  c.fillStyle = 'rgba(255, 255, 255, 0.5)';
  for (let i = 0; i < 160; i++) {
    c.fillRect(w * 0.2 + ((i * 97) % (w * 0.6)), h * 0.3 + ((i * 53) % (h * 0.4)), 3, 3);
  }
}

function drawing(c: OffscreenCanvasRenderingContext2D, w: number, h: number): void {
  c.fillStyle = '#fbf6e9';
  c.fillRect(0, 0, w, h);
  c.lineWidth = 9;
  c.lineJoin = 'round';
  c.lineCap = 'round';
  // Grass, a house with a door and a window, a sun with rays, two figures holding hands.
  c.strokeStyle = '#3fa34d';
  c.beginPath();
  for (let x = 0; x <= w; x += 40) c.lineTo(x, h * 0.82 + ((x / 40) % 2) * -22);
  c.stroke();
  c.strokeStyle = '#c0392b';
  c.strokeRect(w * 0.14, h * 0.42, w * 0.3, h * 0.38);
  c.beginPath();
  c.moveTo(w * 0.11, h * 0.44);
  c.lineTo(w * 0.29, h * 0.2);
  c.lineTo(w * 0.47, h * 0.44);
  c.stroke();
  c.strokeStyle = '#6d4c41';
  c.strokeRect(w * 0.26, h * 0.6, w * 0.07, h * 0.2);
  c.strokeStyle = '#2e86de';
  c.strokeRect(w * 0.17, h * 0.5, w * 0.06, h * 0.07);
  c.strokeStyle = '#f1c40f';
  c.beginPath();
  c.arc(w * 0.82, h * 0.18, h * 0.09, 0, Math.PI * 2);
  c.stroke();
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    c.beginPath();
    c.moveTo(w * 0.82 + Math.cos(a) * h * 0.12, h * 0.18 + Math.sin(a) * h * 0.12);
    c.lineTo(w * 0.82 + Math.cos(a) * h * 0.17, h * 0.18 + Math.sin(a) * h * 0.17);
    c.stroke();
  }
  c.strokeStyle = '#222222';
  for (const [x, tall] of [
    [0.62, 1],
    [0.74, 0.75],
  ] as const) {
    const top = h * (0.8 - 0.3 * tall);
    c.beginPath();
    c.arc(w * x, top, h * 0.04, 0, Math.PI * 2);
    c.moveTo(w * x, top + h * 0.04);
    c.lineTo(w * x, h * 0.7);
    c.lineTo(w * (x - 0.03), h * 0.8);
    c.moveTo(w * x, h * 0.7);
    c.lineTo(w * (x + 0.03), h * 0.8);
    c.moveTo(w * (x - 0.05), top + h * 0.1);
    c.lineTo(w * (x + 0.06), top + h * 0.1);
    c.stroke();
  }
}

export const SEED_PICTURES = {
  sunset: { width: 1600, height: 1067, draw: sunset },
  loaf: { width: 1200, height: 1200, draw: loaf },
  drawing: { width: 1400, height: 1000, draw: drawing },
} as const satisfies Record<string, Picture>;

export type SeedPictureName = keyof typeof SEED_PICTURES;

function isSeedPicture(name: string): name is SeedPictureName {
  return Object.hasOwn(SEED_PICTURES, name);
}

/** Draws a seed picture and encodes it as an upload's files (browser only: a canvas). */
export async function drawSeedPicture(name: string): Promise<EncodedMedia> {
  if (!isSeedPicture(name)) throw new Error(`No seed picture named ${name}`);
  const picture: Picture = SEED_PICTURES[name];
  const canvas = new OffscreenCanvas(picture.width, picture.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on an OffscreenCanvas');
  picture.draw(context, picture.width, picture.height);
  return encodeCanvas(canvas);
}
