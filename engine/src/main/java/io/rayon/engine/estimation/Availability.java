package io.rayon.engine.estimation;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the estimation model turns a node's usage estimate EU into the resource it still offers. The
 * estimation paper ("Resource Management for Parallel Processing Frameworks with Load Awareness at
 * Worker Side") uses two formulas in two places:
 *
 * <ul>
 *   <li>{@link #PAPER_SIM} (§V, the simulator experiments): "the gap between the allowance and the
 *       estimation is the available resources", {@code AR − EU}; the gap between the allowance and
 *       the capacity, {@code NC − AR}, is "a safety margin for our estimation algorithm". With α =
 *       0 and tasks that never use more than they request this is exactly the reservation model
 *       ("when the damping factor is zero, our model acts like a reservation model"). The
 *       simulator's default.
 *   <li>{@link #YARN_PROTOTYPE} (§VI eq. 5–6, the YARN prototype): {@code min(AR − ACU, NC − RU)}
 *       with ACU the aggregated utilization of the node's containers and RU the estimate EU. It
 *       bounds the estimate by the capacity NC, not by the allowance, so the safety margin is
 *       spent: with α = 0 it places more than the reservation model. The live dashboard's formula.
 * </ul>
 */
public enum Availability {
  /** {@code AR − EU} (§V). */
  PAPER_SIM("paper-sim"),
  /** {@code min(AR − ACU, NC − EU)} (§VI eq. 5–6). */
  YARN_PROTOTYPE("yarn-prototype");

  private final String id;

  Availability(String id) {
    this.id = id;
  }

  /** The name on the command line and in the GUI: {@code paper-sim} or {@code yarn-prototype}. */
  public String id() {
    return id;
  }

  /**
   * The resource still available on a node with allowance {@code ar}, aggregated container usage
   * {@code acu}, capacity {@code nc} and usage estimate {@code eu}. May be negative (the node is
   * over its allowance). {@link #PAPER_SIM} ignores {@code acu} and {@code nc}.
   */
  public double available(double ar, double acu, double nc, double eu) {
    return switch (this) {
      case PAPER_SIM -> ar - eu;
      case YARN_PROTOTYPE -> Math.min(ar - acu, nc - eu);
    };
  }

  /** The formula with this {@link #id()}, case-insensitive. */
  public static Availability parse(String text) {
    if (text != null) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      for (Availability a : values()) if (a.id.equals(t)) return a;
    }
    throw new IllegalArgumentException("availability '" + text + "' is unknown; use " + ids());
  }

  /** {@code paper-sim|yarn-prototype}. */
  public static String ids() {
    return Arrays.stream(values()).map(Availability::id).collect(Collectors.joining("|"));
  }

  @Override
  public String toString() {
    return id;
  }
}
