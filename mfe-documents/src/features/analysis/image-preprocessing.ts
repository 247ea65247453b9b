/**
 * Straightening and cropping a phone photo of a page before OCR (issue 15 §1, docs/decisions/0205).
 * Pure functions on raw RGBA pixels, so the browser (read-document.ts, on a canvas's ImageData), the
 * benchmark (scripts/bench-analysis.ts, on sharp's raw buffers) and the unit tests run the same code.
 *
 * - `findPage`: the bright page on a darker background — the largest bright connected region after
 *   an Otsu threshold, kept only when it is clearly brighter than what surrounds it and leaves
 *   something to cut away.
 * - `estimateSkew`: the angle of the text lines by projection profile — the dark pixels are
 *   projected across lines at candidate angles; the angle whose profile is sharpest (the largest sum
 *   of squared bin counts) is the text's slope. Coarse 0.5° search, then 0.05° refinement.
 * - `planPreprocessing` decides on a small copy (fast, scale-independent); `applyPlan` carries the
 *   plan out at full resolution: crop to the page, rotate the text level, crop again to the now
 *   upright page, and smooth and stretch a faint page's levels (without smoothing, the stretch
 *   turns paper grain into specks tesseract reads as text). Nothing is done when neither a page, a skew
 *   above `MIN_SKEW_DEGREES` nor a faint page is found: tesseract reads a clean scan best untouched.
 *
 * Angles are in degrees, positive = clockwise on screen (y grows downwards), like canvas `rotate`.
 */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreprocessingPlan {
  /** The page in the source image, or null to keep the whole image. */
  crop: Box | null;
  /** The text's slope in the (cropped) image; the plan rotates by its negative. 0 = leave straight. */
  skew: number;
  /** The upright page inside the rotated image (only when a page was found and rotated). */
  trim: Box | null;
  /** A faint page's ink and paper grey, stretched to near black and white; null = contrast is fine. */
  levels: { ink: number; paper: number } | null;
}

/** Below this slope tesseract's own line finding copes; rotating would only blur the glyphs. */
export const MIN_SKEW_DEGREES = 1;
/** The largest slope searched: a photo taken "roughly straight". */
export const MAX_SKEW_DEGREES = 15;
/** Ink and paper closer than this (of 255) make a faint page, which is stretched. */
export const MIN_CONTRAST = 110;
/** Long side of the copy the plan is made on. */
export const PLAN_PIXELS = 1200;

/** Rec. 601 luma of every pixel. */
export function luminance(image: RgbaImage): Uint8Array {
  const { data, width, height } = image;
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i += 1, p += 4) gray[i] = (data[p] * 299 + data[p + 1] * 587 + data[p + 2] * 114) / 1000;
  return gray;
}

/** Otsu's threshold of a grey image (or of the pixels inside `box`). */
export function otsuThreshold(gray: Uint8Array, width: number, box?: Box): number {
  const histogram = new Float64Array(256);
  const { x, y, width: w, height: h } = box ?? { x: 0, y: 0, width, height: gray.length / width };
  for (let row = y; row < y + h; row += 1) for (let col = x; col < x + w; col += 1) histogram[gray[row * width + col]] += 1;
  const total = w * h;
  let sum = 0;
  for (let v = 0; v < 256; v += 1) sum += v * histogram[v];
  let weightBelow = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v += 1) {
    weightBelow += histogram[v];
    if (weightBelow === 0) continue;
    const weightAbove = total - weightBelow;
    if (weightAbove === 0) break;
    sumBelow += v * histogram[v];
    const between = weightBelow * weightAbove * (sumBelow / weightBelow - (sum - sumBelow) / weightAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/** A smaller copy whose long side is at most `maxSide` (box filter), and the factor used. */
export function downscale(image: RgbaImage, maxSide: number): { image: RgbaImage; factor: number } {
  const factor = Math.max(image.width, image.height) / maxSide;
  if (factor <= 1) return { image, factor: 1 };
  const width = Math.max(1, Math.round(image.width / factor));
  const height = Math.max(1, Math.round(image.height / factor));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.floor(y * factor);
    const y1 = Math.min(image.height, Math.max(y0 + 1, Math.floor((y + 1) * factor)));
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.floor(x * factor);
      const x1 = Math.min(image.width, Math.max(x0 + 1, Math.floor((x + 1) * factor)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const p = (sy * image.width + sx) * 4;
          r += image.data[p];
          g += image.data[p + 1];
          b += image.data[p + 2];
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const q = (y * width + x) * 4;
      data[q] = r / n;
      data[q + 1] = g / n;
      data[q + 2] = b / n;
      data[q + 3] = 255;
    }
  }
  return { image: { width, height, data }, factor };
}

/**
 * The page: the bounding box of the largest bright connected region, or null when there is no
 * darker surround to cut away (a scan, a screenshot) or the region is not clearly a page.
 */
export function findPage(gray: Uint8Array, width: number, height: number): Box | null {
  const threshold = otsuThreshold(gray, width);
  const seen = new Uint8Array(gray.length);
  const stack = new Int32Array(gray.length);
  let best = { area: 0, minX: 0, minY: 0, maxX: 0, maxY: 0, sum: 0 };
  for (let start = 0; start < gray.length; start += 1) {
    if (seen[start] || gray[start] <= threshold) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const region = { area: 0, minX: width, minY: height, maxX: 0, maxY: 0, sum: 0 };
    while (top > 0) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      region.area += 1;
      region.sum += gray[i];
      if (x < region.minX) region.minX = x;
      if (x > region.maxX) region.maxX = x;
      if (y < region.minY) region.minY = y;
      if (y > region.maxY) region.maxY = y;
      for (const next of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (next < 0 || seen[next] || gray[next] <= threshold) continue;
        seen[next] = 1;
        stack[top++] = next;
      }
    }
    if (region.area > best.area) best = region;
  }
  const box = { x: best.minX, y: best.minY, width: best.maxX - best.minX + 1, height: best.maxY - best.minY + 1 };
  const imageArea = width * height;
  // A page fills a good part of the photo, and there is a surround worth cutting (≥ 3 % of a side).
  if (best.area < 0.15 * imageArea) return null;
  if (box.width > 0.97 * width && box.height > 0.97 * height) return null;
  // The surround must be clearly darker than the page (not text or a grey scan border).
  let outside = 0;
  let outsideCount = 0;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) continue;
      outside += gray[y * width + x];
      outsideCount += 1;
    }
  }
  if (outsideCount === 0 || best.sum / best.area - outside / outsideCount < 40) return null;
  return box;
}

/**
 * The slope of the text lines in degrees (positive = clockwise), or 0 when there is too little text.
 * Only dark pixels with paper a few pixels above or below count: strokes and the page's edges, not
 * the inside of a dark background left in the corners of a tilted page.
 */
export function estimateSkew(gray: Uint8Array, width: number, height: number): number {
  const threshold = Math.min(otsuThreshold(gray, width), 160);
  const reach = Math.max(2, Math.round(Math.max(width, height) / 300)) * width;
  const mx = Math.floor(width * 0.02);
  const my = Math.floor(height * 0.02) + reach / width;
  const isStroke = (i: number) => gray[i] < threshold && (gray[i - reach] >= threshold || gray[i + reach] >= threshold);
  let strokes = 0;
  for (let y = my; y < height - my; y += 1) for (let x = mx; x < width - mx; x += 1) if (isStroke(y * width + x)) strokes += 1;
  if (strokes < 200) return 0;
  // At most ~20,000 sampled points keep a plan well under a second on a phone.
  const step = Math.max(1, Math.ceil(strokes / 20_000));
  const xs: number[] = [];
  const ys: number[] = [];
  let k = 0;
  for (let y = my; y < height - my; y += 1) {
    for (let x = mx; x < width - mx; x += 1) {
      if (!isStroke(y * width + x) || k++ % step !== 0) continue;
      xs.push(x - width / 2);
      ys.push(y - height / 2);
    }
  }
  const diagonal = Math.ceil(Math.hypot(width, height));
  const bins = new Float64Array(diagonal * 2 + 2);
  const sharpness = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    bins.fill(0);
    for (let i = 0; i < xs.length; i += 1) bins[Math.round(ys[i] * cos - xs[i] * sin) + diagonal] += 1;
    let score = 0;
    for (let i = 0; i < bins.length; i += 1) score += bins[i] * bins[i];
    return score;
  };
  let best = 0;
  let bestScore = -1;
  const search = (from: number, to: number, by: number) => {
    for (let a = from; a <= to + 1e-9; a += by) {
      const score = sharpness(a);
      if (score > bestScore) [best, bestScore] = [a, score];
    }
  };
  search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 1);
  const coarse = best;
  search(coarse - 1, coarse + 1, 0.1);
  const fine = best;
  search(fine - 0.1, fine + 0.1, 0.02);
  return Math.round(best * 100) / 100;
}

/**
 * Ink and paper levels of a faint page (Otsu classes' means), or null when the page already has
 * contrast enough. A faint scan is stretched so ink is near black and paper near white.
 */
export function faintLevels(gray: Uint8Array, width: number): { ink: number; paper: number } | null {
  const threshold = otsuThreshold(gray, width);
  let ink = 0;
  let inkCount = 0;
  let paper = 0;
  for (let i = 0; i < gray.length; i += 1) {
    if (gray[i] > threshold) {
      paper += gray[i];
      continue;
    }
    ink += gray[i];
    inkCount += 1;
  }
  if (inkCount === 0 || inkCount === gray.length) return null;
  const levels = { ink: Math.round(ink / inkCount), paper: Math.round(paper / (gray.length - inkCount)) };
  return levels.paper - levels.ink < MIN_CONTRAST ? levels : null;
}

/** A 3×3 box blur: the grain a faint scan's stretch would otherwise amplify into specks. */
export function smooth(image: RgbaImage): RgbaImage {
  const { width, height, data: src } = image;
  const across = new Uint16Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - 1);
      const right = Math.min(width - 1, x + 1);
      for (let c = 0; c < 3; c += 1) across[(y * width + x) * 3 + c] = src[(y * width + left) * 4 + c] + src[(y * width + x) * 4 + c] + src[(y * width + right) * 4 + c];
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const up = Math.max(0, y - 1);
    const down = Math.min(height - 1, y + 1);
    for (let x = 0; x < width; x += 1) {
      const q = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) data[q + c] = (across[(up * width + x) * 3 + c] + across[(y * width + x) * 3 + c] + across[(down * width + x) * 3 + c]) / 9;
      data[q + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Maps ink to 20 and paper to 235, in place. */
export function stretchLevels(image: RgbaImage, levels: { ink: number; paper: number }): RgbaImage {
  const scale = 215 / Math.max(1, levels.paper - levels.ink);
  const lut = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v += 1) lut[v] = 20 + (v - levels.ink) * scale;
  const { data } = image;
  for (let p = 0; p < data.length; p += 4) {
    data[p] = lut[data[p]];
    data[p + 1] = lut[data[p + 1]];
    data[p + 2] = lut[data[p + 2]];
  }
  return image;
}

export function crop(image: RgbaImage, box: Box): RgbaImage {
  const data = new Uint8ClampedArray(box.width * box.height * 4);
  for (let y = 0; y < box.height; y += 1) {
    const from = ((box.y + y) * image.width + box.x) * 4;
    data.set(image.data.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return { width: box.width, height: box.height, data };
}

/** The image rotated by `degrees` (clockwise) about its centre, same size, corners filled with `fill`. Bilinear. */
export function rotate(image: RgbaImage, degrees: number, fill = 255): RgbaImage {
  const { width, height } = image;
  const src = image.data;
  const data = new Uint8ClampedArray(width * height * 4);
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Inverse mapping: the source point that lands on (x, y).
      const dx = x - cx;
      const dy = y - cy;
      const sx = dx * cos + dy * sin + cx;
      const sy = -dx * sin + dy * cos + cy;
      const q = (y * width + x) * 4;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= width - 1 || y0 >= height - 1) {
        data[q] = data[q + 1] = data[q + 2] = fill;
        data[q + 3] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const p = (y0 * width + x0) * 4;
      const below = p + width * 4;
      for (let c = 0; c < 3; c += 1) {
        const top = src[p + c] + (src[p + 4 + c] - src[p + c]) * fx;
        const bottom = src[below + c] + (src[below + 4 + c] - src[below + c]) * fx;
        data[q + c] = top + (bottom - top) * fy;
      }
      data[q + 3] = 255;
    }
  }
  return { width, height, data };
}

/** Share of a found page's width and height cut away on each side. */
const PAGE_INSET = 0.015;

const inset = (box: Box): Box => {
  const dx = Math.round(box.width * PAGE_INSET);
  const dy = Math.round(box.height * PAGE_INSET);
  return { x: box.x + dx, y: box.y + dy, width: box.width - 2 * dx, height: box.height - 2 * dy };
};

const scaleBox = (box: Box, factor: number, limit: { width: number; height: number }): Box => {
  const x = Math.max(0, Math.floor(box.x * factor));
  const y = Math.max(0, Math.floor(box.y * factor));
  return { x, y, width: Math.min(limit.width - x, Math.ceil(box.width * factor)), height: Math.min(limit.height - y, Math.ceil(box.height * factor)) };
};

/** What to do to this image before OCR, decided on a copy of at most PLAN_PIXELS a side. */
export function planPreprocessing(image: RgbaImage): PreprocessingPlan {
  const { image: small, factor } = downscale(image, PLAN_PIXELS);
  const gray = luminance(small);
  const page = findPage(gray, small.width, small.height);
  const region = page ? crop(small, page) : small;
  const regionGray = page ? luminance(region) : gray;
  const skew = estimateSkew(regionGray, region.width, region.height);
  const straighten = Math.abs(skew) >= MIN_SKEW_DEGREES;
  let trim: Box | null = null;
  if (page && straighten) {
    const upright = rotate(region, -skew, 0);
    trim = findPage(luminance(upright), upright.width, upright.height);
  }
  // The page's own edge, kept, reads as a "|" beside every line: cut a little inside it.
  const plan = {
    crop: page && !trim ? inset(page) : page,
    skew: straighten ? skew : 0,
    trim: page && trim ? inset(trim) : null,
    levels: faintLevels(regionGray, region.width),
  };
  return scalePlan(plan, factor, image);
}

/** A plan made on a copy `factor` times smaller, for the full-size image `size`. */
export function scalePlan(plan: PreprocessingPlan, factor: number, size: { width: number; height: number }): PreprocessingPlan {
  if (factor === 1) return plan;
  const page = plan.crop ? scaleBox(plan.crop, factor, size) : null;
  return { ...plan, crop: page, trim: plan.trim && page ? scaleBox(plan.trim, factor, page) : null };
}

export const planChangesImage = (plan: PreprocessingPlan) => plan.crop !== null || plan.skew !== 0 || plan.levels !== null;

/** Carries out a plan at full resolution (the browser does the same with a canvas). */
export function applyPlan(image: RgbaImage, plan: PreprocessingPlan): RgbaImage {
  let out = plan.crop ? crop(image, plan.crop) : image;
  if (plan.skew !== 0) out = rotate(out, -plan.skew);
  if (plan.trim) out = crop(out, plan.trim);
  // smooth() returns a new image, so the stretch never touches the caller's pixels.
  if (plan.levels) out = stretchLevels(smooth(out), plan.levels);
  return out;
}
