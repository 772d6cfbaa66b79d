package io.rayon.bench;

import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.sim.TimeSeries;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws the estimation paper's Figure 2/3 layout as a PNG: two strips (first result on top), each
 * with a memory and a CPU panel showing the cluster's capacity, allowance, estimation, reservation
 * and real usage over time. Headless Java2D; bench only.
 */
final class SeriesPlot {
  private static final int PANEL_W = 560;
  private static final int PANEL_H = 220;
  private static final int MARGIN = 50;
  private static final Color[] COLORS = {
    new Color(0, 0, 0),
    new Color(120, 120, 120),
    new Color(214, 39, 40),
    new Color(31, 119, 180),
    new Color(44, 160, 44)
  };
  private static final String[] NAMES = {
    "capacity", "allowance", "estimation", "reservation", "usage"
  };

  private SeriesPlot() {}

  static void write(Path file, String title, SimulationResult top, SimulationResult bottom)
      throws IOException {
    int w = 2 * (PANEL_W + MARGIN) + MARGIN;
    int h = 2 * (PANEL_H + MARGIN) + 2 * MARGIN;
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    g.drawString(title, MARGIN, 24);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    double tMax = Math.max(top.makespanS(), bottom.makespanS());
    SimulationResult[] rs = {top, bottom};
    for (int row = 0; row < 2; row++) {
      TimeSeries s = rs[row].series();
      double[][] mem = {
        s.capacityMemoryMB(),
        s.allowanceMemoryMB(),
        s.estimationMemoryMB(),
        s.reservationMemoryMB(),
        s.usageMemoryMB()
      };
      double[][] cpu = {
        s.capacityVcores(),
        s.allowanceVcores(),
        s.estimationVcores(),
        s.reservationVcores(),
        s.usageVcores()
      };
      int y = 2 * MARGIN - 10 + row * (PANEL_H + MARGIN);
      panel(g, MARGIN, y, rs[row].scheduler() + ": memory (GB)", s.timeS(), mem, 1.0 / 1024, tMax);
      panel(
          g,
          2 * MARGIN + PANEL_W,
          y,
          rs[row].scheduler() + ": CPU (vcores)",
          s.timeS(),
          cpu,
          1.0,
          tMax);
    }
    int lx = MARGIN;
    for (int i = 0; i < NAMES.length; i++) {
      g.setColor(COLORS[i]);
      g.fillRect(lx, h - 22, 14, 4);
      g.setColor(Color.BLACK);
      g.drawString(NAMES[i], lx + 18, h - 16);
      lx += 110;
    }
    g.dispose();
    ImageIO.write(img, "png", file.toFile());
  }

  /**
   * The paper's Figure 4 layout: failure fraction (left) and mean job completion time (right)
   * against the damping factor, one line per request setting (RRU, EFR).
   */
  static void writeSweep(
      Path file,
      String title,
      double[] alpha,
      double[] rruFail,
      double[] efrFail,
      double[] rruTime,
      double[] efrTime)
      throws IOException {
    writeSweep(file, title, alpha, rruFail, efrFail, rruTime, efrTime, "mean job completion (s)");
  }

  /** As above, with the right panel's measure named {@code timeLabel}. */
  static void writeSweep(
      Path file,
      String title,
      double[] alpha,
      double[] rruFail,
      double[] efrFail,
      double[] rruTime,
      double[] efrTime,
      String timeLabel)
      throws IOException {
    int w = 2 * (PANEL_W + MARGIN) + MARGIN;
    int h = PANEL_H + 3 * MARGIN + 20;
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, w, h);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    g.drawString(title, MARGIN, 24);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    double aMax = alpha[alpha.length - 1];
    int y = 2 * MARGIN - 10;
    Color[] colors = {COLORS[3], COLORS[2]};
    panel(
        g,
        MARGIN,
        y,
        "failure fraction (crashes / tasks) vs damping α",
        alpha,
        new double[][] {rruFail, efrFail},
        1,
        aMax,
        colors,
        "α = " + aMax);
    panel(
        g,
        2 * MARGIN + PANEL_W,
        y,
        timeLabel + " vs damping α",
        alpha,
        new double[][] {rruTime, efrTime},
        1,
        aMax,
        colors,
        "α = " + aMax);
    String[] names = {"RRU", "EFR"};
    int lx = MARGIN;
    for (int i = 0; i < 2; i++) {
      g.setColor(colors[i]);
      g.fillRect(lx, h - 22, 14, 4);
      g.setColor(Color.BLACK);
      g.drawString(names[i], lx + 18, h - 16);
      lx += 110;
    }
    g.dispose();
    ImageIO.write(img, "png", file.toFile());
  }

  private static void panel(
      Graphics2D g,
      int x,
      int y,
      String title,
      double[] t,
      double[][] cols,
      double scale,
      double tMax) {
    panel(
        g,
        x,
        y,
        title,
        t,
        cols,
        scale,
        tMax,
        COLORS,
        String.format(Locale.ROOT, "%.1f h", tMax / 3600));
  }

  private static void panel(
      Graphics2D g,
      int x,
      int y,
      String title,
      double[] t,
      double[][] cols,
      double scale,
      double tMax,
      Color[] colors,
      String xLabel) {
    double yMax = 0;
    for (double[] c : cols) for (double v : c) yMax = Math.max(yMax, v * scale);
    yMax = yMax <= 0 ? 1 : yMax * 1.05;
    g.setColor(new Color(245, 245, 245));
    g.fillRect(x, y, PANEL_W, PANEL_H);
    g.setColor(Color.BLACK);
    g.drawRect(x, y, PANEL_W, PANEL_H);
    g.drawString(title, x + 4, y - 4);
    g.drawString(
        yMax < 10
            ? String.format(Locale.ROOT, "%.3f", yMax)
            : String.format(Locale.ROOT, "%.0f", yMax),
        x - 44,
        y + 10);
    g.drawString("0", x - 12, y + PANEL_H);
    g.drawString(xLabel, x + PANEL_W - 40, y + PANEL_H + 14);
    g.setStroke(new BasicStroke(1.2f));
    for (int c = 0; c < cols.length; c++) {
      g.setColor(colors[c]);
      int px = -1;
      int py = -1;
      for (int i = 0; i < t.length; i++) {
        if (t[i] > tMax) break;
        int qx = x + (int) Math.round(t[i] / tMax * PANEL_W);
        int qy = y + PANEL_H - (int) Math.round(cols[c][i] * scale / yMax * PANEL_H);
        if (px >= 0) g.drawLine(px, py, qx, qy);
        px = qx;
        py = qy;
      }
    }
  }
}
