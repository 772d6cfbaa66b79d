package io.rayon.engine.planning.milp;

import io.rayon.engine.planning.PlannerOptions;
import io.rayon.model.time.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * Settings of the MILP planner.
 *
 * @param timeLimit the time limit (always set; at least 1 ms). With a deadline in the planning
 *     context (the command line and the application pass one) it bounds the whole run, every phase
 *     budgeted from what is left (see {@link MilpPlanner#replan}); without one it bounds each
 *     solve. On timeout the best solution found so far is returned with status FEASIBLE and its
 *     gap.
 * @param grid plan steps per model step (time aggregation, at least 1): the model runs on a grid
 *     {@code grid} times coarser than the plan and its solution is mapped back (see {@link
 *     MilpPlanner}).
 * @param preemptionWeight weight of the preemption term {@code sum_jt y_jt} in the objective (paper
 *     §4.1.1); 0 switches the term off (and drops the support variables where they are not needed).
 * @param threads solver threads (1 is usually fastest with ojAlgo and leaves a core to the UI).
 * @param allowRejection when true (the default) every reservation has a rejection indicator o_j so
 *     the model is never infeasible (eq. 10–11); when false every reservation must be placed and
 *     the solve may end INFEASIBLE.
 * @param rigidGangRewrite when true (the default, as in the paper) non-rigid gang atoms are
 *     rewritten into all(order(…)) of rigid atoms whose lease eq. (7) states; when false their
 *     minimum lease is stated directly (exact, and a smaller model; see {@link MilpFormulation}).
 * @param autoGrid when true (the default; {@link #withGrid} turns it off) and the model on {@code
 *     grid} would have more integer variables than {@link #integerBudget()}, the planner solves on
 *     the smallest coarser grid that fits and says so in its notes, or refuses the model when no
 *     allowed grid fits (see {@link MilpPlanner#preflight}).
 * @param memoryBytes memory the model may take ({@link ModelSize#estimatedBytes()}); a larger model
 *     is refused before it is built. The command line and the application pass the Java heap's
 *     maximum ({@code -O memory=…}); the default is {@value #DEFAULT_MEMORY_MB} MB.
 */
public record MilpOptions(
    Duration timeLimit,
    int grid,
    double preemptionWeight,
    int threads,
    boolean allowRejection,
    boolean rigidGangRewrite,
    boolean autoGrid,
    long memoryBytes) {

  private static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(60);

  /** Memory a model may take when the caller says nothing (MB). */
  public static final long DEFAULT_MEMORY_MB = 1024;

  public static final MilpOptions DEFAULT =
      new MilpOptions(Duration.ofSeconds(60), 1, 1.0, 1, true, true, true, DEFAULT_MEMORY_MB << 20);

  public MilpOptions {
    if (timeLimit == null) timeLimit = DEFAULT_TIME_LIMIT;
    if (timeLimit.isNegative() || timeLimit.toMillis() < 1) {
      throw new IllegalArgumentException(
          "MILP time limit must be at least 1 ms, got " + timeLimit + "; maybe --time-limit 60s");
    }
    if (grid < 1) {
      throw new IllegalArgumentException(
          "MILP grid must be at least 1 plan step per model step, got " + grid);
    }
    if (!(preemptionWeight >= 0) || Double.isInfinite(preemptionWeight)) {
      throw new IllegalArgumentException(
          "preemption weight must be a finite number >= 0, got " + preemptionWeight);
    }
    if (threads < 1)
      throw new IllegalArgumentException("solver threads must be at least 1, got " + threads);
    if (memoryBytes < 1)
      throw new IllegalArgumentException("memory must be positive, got " + memoryBytes + " bytes");
  }

  public MilpOptions(
      Duration timeLimit,
      int grid,
      double preemptionWeight,
      int threads,
      boolean allowRejection,
      boolean rigidGangRewrite,
      boolean autoGrid) {
    this(
        timeLimit,
        grid,
        preemptionWeight,
        threads,
        allowRejection,
        rigidGangRewrite,
        autoGrid,
        DEFAULT_MEMORY_MB << 20);
  }

  public MilpOptions withMemoryBytes(long bytes) {
    return new MilpOptions(
        timeLimit,
        grid,
        preemptionWeight,
        threads,
        allowRejection,
        rigidGangRewrite,
        autoGrid,
        bytes);
  }

  /** Integer variables the automatic grid allows at any time limit (see {@link #integerBudget}). */
  public static final int MIN_INTEGER_BUDGET = 150;

  /** Further integer variables the automatic grid allows per second of time limit. */
  public static final int INTEGERS_PER_SECOND = 1;

  public MilpOptions withTimeLimit(Duration d) {
    return new MilpOptions(
        d,
        grid,
        preemptionWeight,
        threads,
        allowRejection,
        rigidGangRewrite,
        autoGrid,
        memoryBytes);
  }

  /**
   * A fixed grid: the model runs on exactly {@code g} plan steps per model step (no automatic
   * grid).
   */
  public MilpOptions withGrid(int g) {
    return new MilpOptions(
        timeLimit,
        g,
        preemptionWeight,
        threads,
        allowRejection,
        rigidGangRewrite,
        false,
        memoryBytes);
  }

  /** The automatic grid on or off, keeping the grid as the finest one to try. */
  public MilpOptions withAutoGrid(boolean a) {
    return new MilpOptions(
        timeLimit,
        grid,
        preemptionWeight,
        threads,
        allowRejection,
        rigidGangRewrite,
        a,
        memoryBytes);
  }

  public MilpOptions withPreemptionWeight(double w) {
    return new MilpOptions(
        timeLimit, grid, w, threads, allowRejection, rigidGangRewrite, autoGrid, memoryBytes);
  }

  public MilpOptions withThreads(int t) {
    return new MilpOptions(
        timeLimit,
        grid,
        preemptionWeight,
        t,
        allowRejection,
        rigidGangRewrite,
        autoGrid,
        memoryBytes);
  }

  public MilpOptions withRigidGangRewrite(boolean r) {
    return new MilpOptions(
        timeLimit, grid, preemptionWeight, threads, allowRejection, r, autoGrid, memoryBytes);
  }

  public MilpOptions withAllowRejection(boolean a) {
    return new MilpOptions(
        timeLimit, grid, preemptionWeight, threads, a, rigidGangRewrite, autoGrid, memoryBytes);
  }

  /**
   * How many integer variables a model may have before the automatic grid coarsens it: {@value
   * #MIN_INTEGER_BUDGET} plus {@value #INTEGERS_PER_SECOND} per second of the time limit (160 for
   * 10 s, 210 for the default 60 s). ojAlgo 57.1's ability to find any solution falls much faster
   * than linearly with the model size. Measured on the fig5b sample (one order of two malleable
   * atoms and a rigid gang): with a 10 s limit, 148 integer variables (grid 20) gave a first
   * accepting solution after 1.5 s, 197 (grid 15) after 5.3 s, 295 (grid 10) none; with a 60 s
   * limit, 246 (grid 12) a first solution after 41 s, 736 (grid 4) none.
   */
  public int integerBudget() {
    return integerBudget(timeLimit.toMillis());
  }

  /** {@link #integerBudget()} for {@code millis} of available time (what is left of a deadline). */
  public static int integerBudget(long millis) {
    long extra = Math.max(0, millis) / 1000 * INTEGERS_PER_SECOND;
    return (int) Math.min(Integer.MAX_VALUE, MIN_INTEGER_BUDGET + extra);
  }

  /**
   * Options from the command line / planner settings: {@code time-limit} (in the one duration
   * grammar of {@link Durations}: for example {@code 60s}, {@code 500ms}, {@code 2m}, {@code
   * 1h30m}, or a number of seconds), {@code grid} (a whole number fixes the grid; {@code auto}, the
   * default, lets the planner coarsen large models), {@code preemption-weight}, {@code threads},
   * {@code rigid-gang-rewrite}, {@code memory} (bytes, or {@code 512m}, {@code 2g}); missing keys
   * keep the defaults.
   *
   * @throws IllegalArgumentException naming the key and the bad value
   */
  public static MilpOptions from(PlannerOptions o) {
    MilpOptions m = DEFAULT;
    if (o == null) return m;
    String tl = o.get("time-limit", null);
    if (tl != null) m = m.withTimeLimit(timeLimit(tl));
    String grid = o.get("grid", null);
    if (grid != null && grid.trim().equalsIgnoreCase("auto")) m = m.withAutoGrid(true);
    else if (grid != null) m = m.withGrid(parseInt("grid", grid));
    String pw = o.get("preemption-weight", null);
    if (pw != null) {
      try {
        m = m.withPreemptionWeight(Double.parseDouble(pw.trim()));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "preemption-weight: '" + pw + "' is not a number; maybe 1.0");
      }
    }
    String th = o.get("threads", null);
    if (th != null) m = m.withThreads(parseInt("threads", th));
    String rw = o.get("rigid-gang-rewrite", null);
    if (rw != null) {
      if (!rw.equalsIgnoreCase("true") && !rw.equalsIgnoreCase("false")) {
        throw new IllegalArgumentException(
            "rigid-gang-rewrite: '" + rw + "' must be true or false");
      }
      m = m.withRigidGangRewrite(Boolean.parseBoolean(rw));
    }
    String mem = o.get("memory", null);
    if (mem != null && !mem.isBlank()) m = m.withMemoryBytes(parseBytes(mem));
    return m;
  }

  /**
   * Parses {@code 2147483648}, {@code 64k}, {@code 512m}, {@code 2g} (binary units; also KB, MB,
   * GB).
   */
  static long parseBytes(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("gb") || t.endsWith("g")) unit = 1L << 30;
    else if (t.endsWith("mb") || t.endsWith("m")) unit = 1L << 20;
    else if (t.endsWith("kb") || t.endsWith("k")) unit = 1L << 10;
    String num = t.replaceAll("[a-z]+$", "").trim();
    try {
      long v = Long.parseLong(num);
      if (v < 1) throw new NumberFormatException();
      return Math.multiplyExact(v, unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "memory: '" + text + "' is not an amount of memory; maybe 2g or 512m");
    }
  }

  private static int parseInt(String key, String v) {
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + ": '" + v + "' is not a whole number");
    }
  }

  /**
   * The time limit in the one duration grammar ({@link Durations}), the option named in the
   * message.
   */
  private static Duration timeLimit(String text) {
    try {
      return Durations.parsePositive(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("time-limit: " + e.getMessage());
    }
  }
}
