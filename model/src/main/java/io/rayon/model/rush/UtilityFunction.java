package io.rayon.model.rush;

import java.util.List;

/**
 * Utility of a job as a function of its latency {@code T}: seconds from the job's arrival to its
 * completion (RUSH, "A RobUst ScHeduler to Manage Uncertain Completion-Times in Shared Clouds", §II
 * and §IV). Every utility function is non-increasing in {@code T} (satisfaction never grows with
 * delay) and non-negative, and is defined for every real {@code T}; a scheduler only asks about
 * {@code T >= 0}.
 *
 * <p>The paper ships three utility classes, linear, sigmoid and constant, and invites users to
 * bring their own; {@link PiecewiseLinear} is that user-defined class (any non-increasing curve,
 * given by its corner points).
 *
 * <p>{@link #latestLatencyFor(double)} is the paper's {@code U^{-1}} used by onion peeling: the
 * latest latency at which the job still earns at least a given utility.
 */
public sealed interface UtilityFunction
    permits UtilityFunction.Linear,
        UtilityFunction.Sigmoid,
        UtilityFunction.Constant,
        UtilityFunction.PiecewiseLinear {

  /**
   * {@code U(T)}: the utility earned when the job completes {@code latency} seconds after its
   * arrival.
   */
  double value(double latency);

  /**
   * {@code U^{-1}(utility)}: the largest latency {@code T >= 0} with {@code U(T) >= utility}.
   *
   * @return {@code +Infinity} when {@code U} never drops below {@code utility} (for example any
   *     {@code utility <= 0}, since utilities are non-negative); {@code -Infinity} when even {@code
   *     U(0)} is below {@code utility} (no latency reaches it); never NaN for a non-NaN argument
   */
  double latestLatencyFor(double utility);

  /** {@code U(0)}: the most this job can earn. */
  double maxValue();

  /**
   * The class name used in files and settings: {@code linear}, {@code sigmoid}, {@code constant} or
   * {@code piecewise}.
   */
  String kind();

  /**
   * The paper's linear class: {@code U(T) = max(β·(B − T) + W, 0)} with priority {@code W =
   * weight}, sensitivity {@code β = slope} (utility lost per second of latency) and time budget
   * {@code B = budget} seconds. Before the budget the utility exceeds {@code W} (an early
   * completion is rewarded), it reaches {@code W} at the budget and 0 at {@code B + W/β}.
   *
   * @param weight W, finite, {@code >= 0}
   * @param slope β, finite, {@code >= 0} (0 makes the function constant {@code W})
   * @param budget B in seconds, finite, {@code >= 0}
   */
  record Linear(double weight, double slope, double budget) implements UtilityFunction {
    public Linear {
      requireNonNegative("linear utility", "weight", weight);
      requireNonNegative("linear utility", "slope", slope);
      requireNonNegative("linear utility", "budget", budget);
    }

    @Override
    public double value(double latency) {
      return Math.max(slope * (budget - latency) + weight, 0);
    }

    @Override
    public double latestLatencyFor(double utility) {
      checkUtility(utility);
      if (utility <= 0) return Double.POSITIVE_INFINITY;
      if (utility > maxValue()) return Double.NEGATIVE_INFINITY;
      if (slope == 0) return Double.POSITIVE_INFINITY; // constant W >= utility
      return Math.max(0, budget + (weight - utility) / slope);
    }

    @Override
    public double maxValue() {
      return value(0);
    }

    @Override
    public String kind() {
      return "linear";
    }
  }

  /**
   * The paper's sigmoid class with priority {@code W = weight}, sensitivity {@code β = steepness}
   * (per second) and time budget {@code B = budget} seconds: {@code U(T) = W / (1 + e^{β·(T −
   * B)})}.
   *
   * <p><b>Reading.</b> The paper's text prints {@code W/(1+e^{β(B−T)})}, which grows with {@code T}
   * (from about 0 before the budget to {@code W} after it). That contradicts the paper's own
   * assumptions, that utility functions are non-increasing and that β "determines how steep the
   * utility drops when the job's completion-time exceeds the time budget". We therefore read the
   * exponent with the sign flipped: the utility is about {@code W} well before the budget, {@code
   * W/2} at the budget and drops towards 0 after it, the faster the larger β (time-critical jobs
   * have a large β, time-insensitive ones a small β). The function is strictly decreasing for
   * {@code β > 0} and never reaches 0, so a sigmoid job always keeps a (possibly tiny) positive
   * utility.
   *
   * @param weight W, finite, {@code >= 0}
   * @param steepness β per second, finite, {@code >= 0} (0 makes the function constant {@code W/2})
   * @param budget B in seconds, finite, {@code >= 0}
   */
  record Sigmoid(double weight, double steepness, double budget) implements UtilityFunction {
    public Sigmoid {
      requireNonNegative("sigmoid utility", "weight", weight);
      requireNonNegative("sigmoid utility", "steepness", steepness);
      requireNonNegative("sigmoid utility", "budget", budget);
    }

    @Override
    public double value(double latency) {
      double e =
          Math.exp(steepness * (latency - budget)); // +Infinity far after the budget: value 0
      return weight / (1 + e);
    }

    @Override
    public double latestLatencyFor(double utility) {
      checkUtility(utility);
      if (utility <= 0) return Double.POSITIVE_INFINITY;
      if (utility > maxValue()) return Double.NEGATIVE_INFINITY;
      if (steepness == 0) return Double.POSITIVE_INFINITY; // constant W/2 >= utility
      // utility <= U(0) < W, so W/utility - 1 > 0
      return Math.max(0, budget + Math.log(weight / utility - 1) / steepness);
    }

    @Override
    public double maxValue() {
      return value(0);
    }

    @Override
    public String kind() {
      return "sigmoid";
    }
  }

  /**
   * The paper's constant class: {@code U(T) = W} whatever the latency (a time-insensitive job).
   *
   * @param weight W, finite, {@code >= 0}
   */
  record Constant(double weight) implements UtilityFunction {
    public Constant {
      requireNonNegative("constant utility", "weight", weight);
    }

    @Override
    public double value(double latency) {
      return weight;
    }

    @Override
    public double latestLatencyFor(double utility) {
      checkUtility(utility);
      return utility <= weight ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    @Override
    public double maxValue() {
      return weight;
    }

    @Override
    public String kind() {
      return "constant";
    }
  }

  /**
   * A user-defined utility class: the piecewise-linear curve through {@code points}, flat before
   * the first point and after the last one.
   *
   * <p>Points are sorted by latency (non-decreasing) and their utilities are non-increasing. Two
   * points may share a latency to make a vertical step (a hard deadline): at exactly that latency
   * the utility is the higher of the two (the job completing at the deadline still meets it), just
   * after it the lower one. At most two points may share a latency.
   *
   * @param points at least one point; latencies finite and {@code >= 0}, utilities finite and
   *     {@code >= 0}
   */
  record PiecewiseLinear(List<Point> points) implements UtilityFunction {
    /** A corner of the curve: {@code utility} earned at {@code latency} seconds. */
    public record Point(double latency, double utility) {
      public Point {
        requireNonNegative("piecewise utility point", "latency", latency);
        requireNonNegative("piecewise utility point", "utility", utility);
      }
    }

    public PiecewiseLinear {
      if (points == null || points.isEmpty()) {
        throw new IllegalArgumentException(
            "piecewise utility: needs at least one point (latency, utility)");
      }
      points = List.copyOf(points);
      for (int i = 1; i < points.size(); i++) {
        Point a = points.get(i - 1);
        Point b = points.get(i);
        if (b.latency() < a.latency()) {
          throw new IllegalArgumentException(
              "piecewise utility: points["
                  + i
                  + "] has latency "
                  + b.latency()
                  + " before points["
                  + (i - 1)
                  + "]'s "
                  + a.latency()
                  + "; list the points by increasing latency");
        }
        if (b.utility() > a.utility()) {
          throw new IllegalArgumentException(
              "piecewise utility: points["
                  + i
                  + "] has utility "
                  + b.utility()
                  + " above points["
                  + (i - 1)
                  + "]'s "
                  + a.utility()
                  + "; a utility function must not increase with latency");
        }
        if (i >= 2 && points.get(i - 2).latency() == b.latency()) {
          throw new IllegalArgumentException(
              "piecewise utility: points["
                  + (i - 2)
                  + "] to points["
                  + i
                  + "] share latency "
                  + b.latency()
                  + "; at most two points (a step) may share a latency");
        }
      }
    }

    @Override
    public double value(double latency) {
      int n = points.size();
      if (latency <= points.get(0).latency()) return points.get(0).utility();
      if (latency > points.get(n - 1).latency()) return points.get(n - 1).utility();
      // the largest k with latency_k < latency; then latency_{k+1} >= latency
      int lo = 0;
      int hi = n - 1;
      while (hi - lo > 1) {
        int mid = (lo + hi) >>> 1;
        if (points.get(mid).latency() < latency) lo = mid;
        else hi = mid;
      }
      Point a = points.get(lo);
      Point b = points.get(lo + 1);
      if (b.latency() == latency) return b.utility(); // first point at that latency: the higher one
      double f = (latency - a.latency()) / (b.latency() - a.latency());
      return a.utility() + f * (b.utility() - a.utility());
    }

    @Override
    public double latestLatencyFor(double utility) {
      checkUtility(utility);
      int n = points.size();
      if (utility <= points.get(n - 1).utility()) return Double.POSITIVE_INFINITY;
      if (utility > points.get(0).utility()) return Double.NEGATIVE_INFINITY;
      // the last k with utility_k >= utility; k < n - 1 and utility_{k+1} < utility
      int k = 0;
      int lo = 0;
      int hi = n - 1;
      while (lo <= hi) {
        int mid = (lo + hi) >>> 1;
        if (points.get(mid).utility() >= utility) {
          k = mid;
          lo = mid + 1;
        } else {
          hi = mid - 1;
        }
      }
      Point a = points.get(k);
      Point b = points.get(k + 1);
      if (b.latency() == a.latency()) return a.latency();
      double f = (a.utility() - utility) / (a.utility() - b.utility());
      return Math.min(b.latency(), a.latency() + f * (b.latency() - a.latency()));
    }

    @Override
    public double maxValue() {
      return points.get(0).utility();
    }

    @Override
    public String kind() {
      return "piecewise";
    }
  }

  private static void requireNonNegative(String what, String field, double v) {
    if (!Double.isFinite(v) || v < 0) {
      throw new IllegalArgumentException(
          what + ": " + field + " must be a finite number >= 0, not " + v);
    }
  }

  private static void checkUtility(double utility) {
    if (Double.isNaN(utility)) throw new IllegalArgumentException("utility level is NaN");
  }
}
