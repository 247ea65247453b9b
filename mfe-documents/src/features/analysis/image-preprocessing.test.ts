import { applyPlan, estimateSkew, findPage, luminance, planPreprocessing, rotate, type Box, type RgbaImage } from './image-preprocessing';

/** A page of "text": lines of dark word blocks on white, seeded so every run draws the same. */
function page(width: number, height: number, seed = 1): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  for (let line = 60; line < height - 60; line += 28) {
    let x = 50;
    while (x < width - 80) {
      const word = 20 + Math.floor(rnd() * 60);
      for (let y = line; y < line + 10; y += 1) for (let c = x; c < Math.min(x + word, width - 50); c += 1) data.fill(20, (y * width + c) * 4, (y * width + c) * 4 + 3);
      x += word + 12;
    }
  }
  return { width, height, data };
}

/** `inner` pasted at `box` onto a dark, slightly uneven background. */
function onBackground(inner: RgbaImage, width: number, height: number, box: Box): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const q = (y * width + x) * 4;
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      const p = ((y - box.y) * inner.width + (x - box.x)) * 4;
      for (let c = 0; c < 3; c += 1) data[q + c] = inside ? inner.data[p + c] : 50 + ((x + y) % 7) * 4;
      data[q + 3] = 255;
    }
  }
  return { width, height, data };
}

describe('estimateSkew', () => {
  it.each([-7, -3.2, -1.5, 0, 2, 4.4, 9])('recovers a slope of %s° within 0.5°', (angle) => {
    const image = rotate(page(700, 900), angle);
    expect(Math.abs(estimateSkew(luminance(image), image.width, image.height) - angle)).toBeLessThanOrEqual(0.5);
  });

  it('says 0 for a page without text', () => {
    const blank: RgbaImage = { width: 200, height: 200, data: new Uint8ClampedArray(200 * 200 * 4).fill(255) };
    expect(estimateSkew(luminance(blank), 200, 200)).toBe(0);
  });
});

describe('findPage', () => {
  it('finds a bright page on a darker background within 2 px', () => {
    const box = { x: 90, y: 130, width: 500, height: 640 };
    const photo = onBackground(page(box.width, box.height), 760, 940, box);
    const found = findPage(luminance(photo), photo.width, photo.height);
    expect(found).not.toBeNull();
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(found![key] - box[key])).toBeLessThanOrEqual(2);
  });

  it('finds nothing to crop on a plain scan', () => {
    const scan = page(600, 800);
    expect(findPage(luminance(scan), scan.width, scan.height)).toBeNull();
  });
});

describe('planPreprocessing', () => {
  it('leaves a straight scan alone', () => {
    expect(planPreprocessing(page(600, 800))).toEqual({ crop: null, skew: 0, trim: null, levels: null });
  });

  it('straightens a tilted scan', () => {
    const plan = planPreprocessing(rotate(page(600, 800), 3));
    expect(plan.crop).toBeNull();
    expect(Math.abs(plan.skew - 3)).toBeLessThanOrEqual(0.5);
  });

  it('crops a tilted photo of a page to the page and straightens it', () => {
    const box = { x: 120, y: 150, width: 520, height: 680 };
    const tilted = rotate(onBackground(page(box.width, box.height, 5), 760, 980, box), -4, 50);
    const plan = planPreprocessing(tilted);
    expect(plan.crop).not.toBeNull();
    expect(Math.abs(plan.skew + 4)).toBeLessThanOrEqual(0.5);
    const out = applyPlan(tilted, plan);
    // The result is about the page's size, and its corners are paper, not background.
    expect(Math.abs(out.width - box.width)).toBeLessThanOrEqual(0.05 * box.width);
    expect(Math.abs(out.height - box.height)).toBeLessThanOrEqual(0.05 * box.height);
    const gray = luminance(out);
    for (const i of [out.width * 3 + 3, out.width * 4 - 4, gray.length - out.width * 3 + 3, gray.length - 4]) expect(gray[i]).toBeGreaterThan(200);
  });
});

describe('faint pages', () => {
  const faint = (image: RgbaImage): RgbaImage => ({ ...image, data: image.data.map((v, i) => (i % 4 === 3 ? 255 : 130 + (v * 70) / 255)) });

  it('finds the ink and paper of a faint page and stretches them apart', () => {
    const plan = planPreprocessing(faint(page(400, 500)));
    expect(plan.levels).not.toBeNull();
    expect(plan.levels!.paper - plan.levels!.ink).toBeLessThan(80);
    const gray = luminance(applyPlan(faint(page(400, 500)), plan));
    expect(gray.reduce((a, b) => Math.min(a, b))).toBeLessThan(60);
    expect(gray.reduce((a, b) => Math.max(a, b))).toBeGreaterThan(220);
  });

  it('leaves the caller’s pixels untouched', () => {
    const image = faint(page(200, 240));
    const before = Array.from(image.data);
    applyPlan(image, planPreprocessing(image));
    expect(Array.from(image.data)).toEqual(before);
  });
});
