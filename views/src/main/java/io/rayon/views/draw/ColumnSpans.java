package io.rayon.views.draw;

import java.util.Arrays;

/**
 * Dense vertical spans grouped into bands: band {@code i} covers the pixel columns {@code
 * [bandX0[i], bandX1[i])} and holds spans {@code offsets[i] .. offsets[i+1]-1}, each from pixel row
 * {@code y0} (inclusive) to {@code y1} (exclusive) in colour {@code argb} (non-premultiplied
 * 0xAARRGGBB). Colours with alpha below 255 are blended over what lies beneath. Coordinates are
 * absolute; the spans lie within the box {@code (x, y, width, height)}.
 *
 * <p>Built with {@link #band(int, int)} followed by {@link #span(int, int, int)} calls.
 */
public final class ColumnSpans {
  public final int x;
  public final int y;
  public final int width;
  public final int height;
  private int bands;
  private int spans;
  private int[] bandX0 = new int[64];
  private int[] bandX1 = new int[64];
  private int[] offsets = new int[65];
  private int[] y0 = new int[256];
  private int[] y1 = new int[256];
  private int[] argb = new int[256];

  public ColumnSpans(int x, int y, int width, int height) {
    this.x = x;
    this.y = y;
    this.width = Math.max(0, width);
    this.height = Math.max(0, height);
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

  /** Adds a span [y0, y1) to the current band (clipped to the box; empty spans are dropped). */
  public void span(int top, int bottom, int color) {
    int a = Math.max(y, top);
    int b = Math.min(y + height, bottom);
    if (b <= a || bands == 0) return;
    if (spans == y0.length) {
      int n = spans * 2;
      y0 = Arrays.copyOf(y0, n);
      y1 = Arrays.copyOf(y1, n);
      argb = Arrays.copyOf(argb, n);
    }
    y0[spans] = a;
    y1[spans] = b;
    argb[spans] = color;
    spans++;
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
    return y0[s];
  }

  public int y1(int s) {
    return y1[s];
  }

  public int argb(int s) {
    return argb[s];
  }

  /** Rasterizes into {@code buf} (width x height of the box, premultiplied ARGB, row-major). */
  public void rasterize(int[] buf) {
    for (int b = 0; b < bands; b++) {
      int cx0 = bandX0[b] - x;
      int cx1 = bandX1[b] - x;
      if (cx1 <= cx0) continue;
      for (int s = offsets[b]; s < offsets[b + 1]; s++) {
        int c = argb[s];
        int alpha = c >>> 24;
        int r0 = y0[s] - y;
        int r1 = y1[s] - y;
        if (alpha == 255) {
          for (int r = r0; r < r1; r++) Arrays.fill(buf, r * width + cx0, r * width + cx1, c);
        } else {
          for (int r = r0; r < r1; r++) {
            int base = r * width;
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
