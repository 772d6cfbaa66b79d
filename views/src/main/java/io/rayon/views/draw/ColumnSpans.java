package io.rayon.views.draw;

import java.util.Arrays;

/**
 * Dense vertical spans grouped into bands: band {@code i} covers the pixel columns {@code
 * [bandX0[i], bandX1[i])} and holds spans {@code offsets[i] .. offsets[i+1]-1}, each from pixel row
 * {@code y0} (inclusive) to {@code y1} (exclusive) in colour {@code argb} (non-premultiplied
 * 0xAARRGGBB). Colours with alpha below 255 are blended over what lies beneath. Coordinates are
 * absolute; the spans lie within the box {@code (x, y, width, height)}, and rows stay below 32768.
 *
 * <p>Built with {@link #band(int, int)} followed by {@link #span(int, int, int)} calls.
 */
public final class ColumnSpans {
  public int x;
  public int y;
  public int width;
  public int height;
  private int bands;
  private int spans;
  private int[] bandX0 = new int[64];
  private int[] bandX1 = new int[64];
  private int[] offsets = new int[65];

  /** Spans as pairs: {@code (y0 << 16 | y1, argb)}; rows are below 32768. */
  private int[] data = new int[512];

  public ColumnSpans(int x, int y, int width, int height) {
    reset(x, y, width, height);
  }

  /** Empties the spans and sets a new box, keeping the arrays (for reuse from frame to frame). */
  public void reset(int x, int y, int width, int height) {
    this.x = x;
    this.y = y;
    this.width = Math.max(0, width);
    this.height = Math.max(0, height);
    bands = 0;
    spans = 0;
    offsets[0] = 0;
  }

  /** Opens a new band over columns [x0, x1) (clipped to the box). */
  public void band(int x0, int x1) {
    if (bands + 1 >= bandX0.length) {
      int n = bandX0.length * 2;
      bandX0 = Arrays.copyOf(bandX0, n);
      bandX1 = Arrays.copyOf(bandX1, n);
      offsets = Arrays.copyOf(offsets, n + 1);
    }
    bandX0[bands] = Math.max(x, x0);
    bandX1[bands] = Math.min(x + width, x1);
    offsets[bands] = spans;
    bands++;
    offsets[bands] = spans;
  }

  private void ensure(int more) {
    if (2 * (spans + more) > data.length)
      data = Arrays.copyOf(data, Math.max(data.length * 2, 2 * (spans + more)));
  }

  /** Adds a span [y0, y1) to the current band (clipped to the box; empty spans are dropped). */
  public void span(int top, int bottom, int color) {
    int a = Math.max(Math.max(y, 0), top);
    int b = Math.min(Math.min(y + height, 0x7fff), bottom);
    if (b <= a || bands == 0) return;
    ensure(1);
    data[2 * spans] = (a << 16) | b;
    data[2 * spans + 1] = color;
    spans++;
    offsets[bands] = spans;
  }

  /**
   * Adds spans already packed as pairs {@code (y0 << 16 | y1, argb)} to the current band, without
   * clipping (the caller guarantees they lie in the box).
   */
  public void packedSpans(int[] packed) {
    if (bands == 0 || packed.length == 0) return;
    int n = packed.length / 2;
    ensure(n);
    System.arraycopy(packed, 0, data, 2 * spans, packed.length);
    spans += n;
    offsets[bands] = spans;
  }

  public int bandCount() {
    return bands;
  }

  public int spanCount() {
    return spans;
  }

  public int bandX0(int i) {
    return bandX0[i];
  }

  public int bandX1(int i) {
    return bandX1[i];
  }

  public int firstSpan(int band) {
    return offsets[band];
  }

  public int endSpan(int band) {
    return offsets[band + 1];
  }

  public int y0(int s) {
    return data[2 * s] >>> 16;
  }

  public int y1(int s) {
    return data[2 * s] & 0xffff;
  }

  public int argb(int s) {
    return data[2 * s + 1];
  }

  /** Rasterizes into {@code buf} (width x height of the box, premultiplied ARGB, row-major). */
  public void rasterize(int[] buf) {
    int w = width;
    for (int b = 0; b < bands; b++) {
      int cx0 = bandX0[b] - x;
      int cx1 = bandX1[b] - x;
      if (cx1 <= cx0) continue;
      int bw = cx1 - cx0;
      for (int s = offsets[b]; s < offsets[b + 1]; s++) {
        int c = data[2 * s + 1];
        int r0 = (data[2 * s] >>> 16) - y;
        int r1 = (data[2 * s] & 0xffff) - y;
        if ((c >>> 24) == 255) {
          int i = r0 * w + cx0;
          if (bw == 1) {
            for (int r = r0; r < r1; r++, i += w) buf[i] = c;
          } else if (bw <= 8) {
            for (int r = r0; r < r1; r++, i += w) {
              for (int k = 0; k < bw; k++) buf[i + k] = c;
            }
          } else {
            for (int r = r0; r < r1; r++, i += w) Arrays.fill(buf, i, i + bw, c);
          }
        } else {
          for (int r = r0; r < r1; r++) {
            int base = r * w;
            for (int cx = cx0; cx < cx1; cx++) buf[base + cx] = blend(buf[base + cx], c);
          }
        }
      }
    }
  }

  /** Source-over of a non-premultiplied colour onto a premultiplied pixel. */
  static int blend(int dst, int src) {
    int sa = src >>> 24;
    int inv = 255 - sa;
    int sr = ((src >> 16) & 0xff) * sa / 255;
    int sg = ((src >> 8) & 0xff) * sa / 255;
    int sb = (src & 0xff) * sa / 255;
    int da = dst >>> 24;
    int dr = (dst >> 16) & 0xff;
    int dg = (dst >> 8) & 0xff;
    int db = dst & 0xff;
    int a = sa + da * inv / 255;
    int r = sr + dr * inv / 255;
    int g = sg + dg * inv / 255;
    int bl = sb + db * inv / 255;
    return (a << 24) | (r << 16) | (g << 8) | bl;
  }
}
