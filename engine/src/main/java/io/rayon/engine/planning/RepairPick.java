package io.rayon.engine.planning;

/**
 * Which reservations bounded repair ({@code ReservationSystem#create}, {@link Planner#repairBound}
 * k &gt; 0) takes out to make room for a rejected request. Not a paper notion (the paper re-plans
 * only after a capacity change, Rayon §5.2); every rule reads the same candidates: the accepted
 * reservations that have not started (their allocation starts after the request's arrival, "now")
 * and hold capacity inside the request's window (the arrival to the horizon, narrowed by the
 * windows enclosing the whole expression). Two numbers are read for each:
 *
 * <ul>
 *   <li><b>held</b>: the capacity-steps it holds inside the window (bundle-steps in the window ×
 *       the bundle's dominant share of the capacity at the window's first step, summed over atoms);
 *   <li><b>slack</b>: the steps it could move by, its room to move: the length of its own window
 *       from now (its arrival or now, whichever is later, to the horizon, narrowed by the windows
 *       enclosing its whole expression) less the length its allocation spans.
 * </ul>
 *
 * Ties always go to the one starting earlier, then to the smaller id. The chosen ones are placed
 * again most held first, whatever the rule that chose them.
 */
public enum RepairPick {
  /**
   * The k holding the most inside the window, moved together (the rule before this option, and the
   * default). For a small request this moves the biggest reservations, which then often do not fit
   * again.
   */
  MOST_HELD,
  /**
   * The fewest needed: candidates in order of the most slack (then the most held), taken until what
   * they hold inside the window covers the request's work (capacity-steps, dominant shares at the
   * window's first step; an {@code any} counts its biggest alternative), at most k; moved together.
   * A small request moves one or two flexible reservations instead of the k biggest.
   */
  ENOUGH,
  /** The k with the most slack (then the most held), moved together. */
  FLEXIBLE,
  /**
   * The k most held, each tried alone in turn (most held first), then, when none alone makes room,
   * all k together as {@link #MOST_HELD}. The first try that succeeds is kept; a failed try is
   * rolled back exactly before the next. Costs up to 2k + (k + 1) placements per rejected request.
   */
  SINGLES,
  /**
   * {@link #SINGLES}' tries, then, when none of them makes room, one more: {@link #ENOUGH}'s choice
   * (the fewest, most slack first, until they hold the request's work inside the window), moved
   * together — unless it is the same set as a try already made. The first try that succeeds is
   * kept, so on the same plan every request {@link #SINGLES} accepts is accepted, with the same
   * moves; what the last try adds is a request rescued by moving reservations that can move.
   *
   * <p>Why (issue 19, SWIM (iii) at one-second steps, {@code docs/planner-options.md}, "One-second
   * steps: SWIM (iii)"): of the 244 requests Hadoop's greedy agent accepts there and {@link
   * #SINGLES} loses, 172 are rejected for want of a lease-long run in windows about 3.5% free (the
   * free room is cut by full spans of a few seconds); 154 of them are the workload's most common
   * size (68 containers for 370 s). The k most held in those windows are big reservations with
   * little room to move: taken out one at a time the request fits, but the big one then fits
   * nowhere (minute steps: 53 such losses of 143). Reservations with slack can move out of the way.
   * Slack (steps) and held work (capacity-steps) are read only through their order, so the rule
   * picks the same reservations whatever the step size. Costs at most one more try (k + 1
   * placements) per request {@link #SINGLES} fails to repair. Not a paper notion.
   */
  SINGLES_ENOUGH;

  /** The default rule. */
  public static final RepairPick DEFAULT = MOST_HELD;

  /** The option value as written: {@code most-held}, {@code enough}, ... */
  public String text() {
    return GreelPlusPlanner.textOf(this);
  }

  static RepairPick parse(String s) {
    return GreelPlusPlanner.parseChoice(GreelPlusPlanner.REPAIR_PICK, values(), s);
  }
}
