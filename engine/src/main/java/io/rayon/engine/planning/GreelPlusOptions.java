package io.rayon.engine.planning;

import static io.rayon.engine.planning.GreelPlusPlanner.ALIGNED;
import static io.rayon.engine.planning.GreelPlusPlanner.ALL_SIZES;
import static io.rayon.engine.planning.GreelPlusPlanner.ALWAYS;
import static io.rayon.engine.planning.GreelPlusPlanner.ANY_MIX;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_EARLY_RESERVE;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_EARLY_SHAPE;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_GREEDY;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_MAX_PLAN_SHARE;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_MAX_ROOM_SHARE;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_MAX_STRETCH;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_REPAIR_PICK;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_RESERVE_RULE;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_ROOM_SHARE_BELOW;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_SMALL_BELOW;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_SMALL_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_SMALL_SHARE_AT_LEAST;
import static io.rayon.engine.planning.GreelPlusPlanner.DEFAULT_STRETCH_ABOVE;
import static io.rayon.engine.planning.GreelPlusPlanner.DIRECTION;
import static io.rayon.engine.planning.GreelPlusPlanner.EARLY_RESERVE;
import static io.rayon.engine.planning.GreelPlusPlanner.EARLY_SHAPE;
import static io.rayon.engine.planning.GreelPlusPlanner.MAX_MAX_STRETCH;
import static io.rayon.engine.planning.GreelPlusPlanner.MAX_PLAN_SHARE;
import static io.rayon.engine.planning.GreelPlusPlanner.MAX_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.MAX_ROOM_SHARE;
import static io.rayon.engine.planning.GreelPlusPlanner.MAX_STRETCH;
import static io.rayon.engine.planning.GreelPlusPlanner.NO_EARLY_RESERVE;
import static io.rayon.engine.planning.GreelPlusPlanner.NO_MAX_ROOM_SHARE;
import static io.rayon.engine.planning.GreelPlusPlanner.NO_MAX_STRETCH;
import static io.rayon.engine.planning.GreelPlusPlanner.NO_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.NO_SMALL_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.REPAIR_PICK;
import static io.rayon.engine.planning.GreelPlusPlanner.REPAIR_PLACE;
import static io.rayon.engine.planning.GreelPlusPlanner.RESERVE_RULE;
import static io.rayon.engine.planning.GreelPlusPlanner.ROOM_SHARE_BELOW;
import static io.rayon.engine.planning.GreelPlusPlanner.SMALL_BELOW;
import static io.rayon.engine.planning.GreelPlusPlanner.SMALL_REPAIR;
import static io.rayon.engine.planning.GreelPlusPlanner.SMALL_SHARE_AT_LEAST;
import static io.rayon.engine.planning.GreelPlusPlanner.STRETCH_ABOVE;

import io.rayon.engine.plan.PlanView;
import io.rayon.engine.planning.GreelPlusPlanner.Aligned;
import io.rayon.engine.planning.GreelPlusPlanner.Direction;
import io.rayon.engine.planning.GreelPlusPlanner.EarlyShape;
import io.rayon.engine.planning.GreelPlusPlanner.RepairPlace;
import io.rayon.engine.planning.GreelPlusPlanner.ReserveRule;
import io.rayon.engine.plugin.Options;
import io.rayon.model.reservation.ReservationRequest;

/**
 * The settings of {@link GreelPlusPlanner} ({@value GreelPlusPlanner#NAME}), one component per
 * option of {@link GreelPlusPlanner#specs}. Why each exists, and what it measured, is in {@link
 * GreelPlusPlanner}'s description and {@code docs/planner-options.md}. {@code greedy} holds
 * GREE-L's own departures from the paper ({@link GreedyOptions}); none of the other components is a
 * paper notion. A new option is a new component here, with its check in the compact constructor,
 * its {@code withX} and its reading in {@link #from}, and its {@code OptionSpec} in {@link
 * GreelPlusPlanner#specs}.
 *
 * <p>A {@code null} component takes {@link #PLAIN}'s value (as the planner's constructors did).
 * Every range is checked; a bad value is an {@link IllegalArgumentException} naming the option.
 *
 * @param greedy GREE-L's options, for the late candidate and (run on the mirror) the early one
 * @param direction {@value GreelPlusPlanner#DIRECTION}: which placements are tried, in order, the
 *     first that fits kept. {@link Direction#EARLY_FIRST}: an early candidate (GREE-L run backwards
 *     in time on the plan's {@link TimeMirror}, each request from its arrival on), then GREE-L as
 *     late as possible; {@link Direction#LATE_FIRST}: the other way round; {@link Direction#LATE}:
 *     GREE-L alone
 * @param earlyShape {@value GreelPlusPlanner#EARLY_SHAPE}: the early candidate's shape; {@link
 *     EarlyShape#TALL} is GREE's scan run backwards, {@link EarlyShape#FLAT} GREE-L run backwards
 * @param maxRoomShare {@value GreelPlusPlanner#MAX_ROOM_SHARE}: more than 0; {@link
 *     GreelPlusPlanner#NO_MAX_ROOM_SHARE} (1) or more refuses nothing. Admission: a request whose
 *     work would take more than this share of the free room left in its window ({@link
 *     RequestSize#shareOfRoom}) is refused before any placement is tried, where {@code
 *     roomShareBelow} says
 * @param earlyReserve {@value GreelPlusPlanner#EARLY_RESERVE}: in [0, 1); 0 leaves nothing free.
 *     The share of the capacity (at the request's arrival, in every dimension, the same at every
 *     step: a {@link ReservedView}) the early candidate leaves free, as {@code reserveRule} scales
 *     it; the late candidate may use all of the capacity
 * @param aligned {@value GreelPlusPlanner#ALIGNED}: {@link Aligned#OFF}, or where the aligned
 *     candidate ({@link AlignedScan}, Hadoop's low-cost aligned stage placement) goes; it needs an
 *     early candidate to stand beside, so not with {@link Direction#LATE}
 * @param reserveRule {@value GreelPlusPlanner#RESERVE_RULE}: how much of the capacity the early
 *     candidate leaves free for each request; {@link ReserveRule#FIXED} is {@code earlyReserve} for
 *     all, {@link ReserveRule#CROWDED} scales it by the used share of the request's window
 * @param repair {@value GreelPlusPlanner#REPAIR}: in [0, {@value GreelPlusPlanner#MAX_REPAIR}]; 0
 *     moves nothing. The bound of bounded repair after a rejection, done by the reservation system
 *     ({@code ReservationSystem#create}; the planner only reports it, {@link
 *     GreelPlusPlanner#repairBound}): how many accepted reservations that have not started it may
 *     take out to make room
 * @param repairPick {@value GreelPlusPlanner#REPAIR_PICK}: which reservations bounded repair takes
 *     out ({@link RepairPick})
 * @param repairPlace {@value GreelPlusPlanner#REPAIR_PLACE}: how the moved reservations are placed
 *     again ({@link RepairPlace})
 * @param roomShareBelow {@value GreelPlusPlanner#ROOM_SHARE_BELOW}: in [0, 1]; the free share of
 *     the request's window ({@link RequestSize#freeShare}, read when it arrives) below which the
 *     admission ({@code maxRoomShare}, {@code maxPlanShare}) applies; 1 ({@link
 *     GreelPlusPlanner#ALWAYS}) applies it to every request
 * @param maxPlanShare {@value GreelPlusPlanner#MAX_PLAN_SHARE}: more than 0; 1 or more refuses
 *     nothing. Admission by absolute size: a request whose work would take more than this share of
 *     the plan's whole capacity ({@link RequestSize#shareOfPlan}) is refused, where {@code
 *     roomShareBelow} says
 * @param maxStretch {@value GreelPlusPlanner#MAX_STRETCH}: 0 ({@link
 *     GreelPlusPlanner#NO_MAX_STRETCH}, off) or in [1, {@value GreelPlusPlanner#MAX_MAX_STRETCH}].
 *     A placement that would end more than this many times the request's shortest length ({@link
 *     RequestSize#shortestLength}) after its earliest start (arrival, or the enclosing windows'
 *     start when later) is not kept and the request is refused, where {@code stretchAbove} says; it
 *     keeps the big requests from holding room far ahead
 * @param stretchAbove {@value GreelPlusPlanner#STRETCH_ABOVE}: in [0, 1]; {@code maxStretch}
 *     applies only to a request whose work is more than this share of the plan's whole capacity
 *     ({@link RequestSize#shareOfPlan}); 0 ({@link GreelPlusPlanner#ALL_SIZES}) to every request
 * @param smallRepair {@value GreelPlusPlanner#SMALL_REPAIR}: in [0, {@value
 *     GreelPlusPlanner#MAX_REPAIR}]; 0 ({@link GreelPlusPlanner#NO_SMALL_REPAIR}) is off. The bound
 *     of bounded repair for a small request (see {@code smallBelow}) when it is more than {@code
 *     repair}; nothing moves when {@code repair} is 0 (the bound of one request: {@link
 *     Planner#repairBound(PlanView, ReservationRequest)})
 * @param smallBelow {@value GreelPlusPlanner#SMALL_BELOW}: in [0, 1]; a request whose work is less
 *     than this share of the plan's whole capacity ({@link RequestSize#shareOfPlan}) is small for
 *     {@code smallRepair}, and an accepted reservation whose allocation holds less than it ({@link
 *     PlanView#reservationsBelow}) is small for {@code smallShareAtLeast}
 * @param smallShareAtLeast {@value GreelPlusPlanner#SMALL_SHARE_AT_LEAST}: in [0, 1]; 0 ({@link
 *     GreelPlusPlanner#ANY_MIX}) applies the admission ({@code maxRoomShare}, {@code maxPlanShare})
 *     whatever the plan holds. Otherwise it applies only while at least this share of the plan's
 *     accepted reservations are small (see {@code smallBelow}; an empty plan has none): trunk
 *     reservation for the many small requests only where they are most of the traffic
 */
public record GreelPlusOptions(
    GreedyOptions greedy,
    Direction direction,
    EarlyShape earlyShape,
    double maxRoomShare,
    double earlyReserve,
    Aligned aligned,
    ReserveRule reserveRule,
    int repair,
    RepairPick repairPick,
    RepairPlace repairPlace,
    double roomShareBelow,
    double maxPlanShare,
    double maxStretch,
    double stretchAbove,
    int smallRepair,
    double smallBelow,
    double smallShareAtLeast) {

  /**
   * {@value GreelPlusPlanner#NAME}'s defaults ({@code new GreelPlusPlanner()}, and the planner of
   * no options): {@link GreelPlusPlanner#DEFAULT_GREEDY}, {@link Direction#EARLY_FIRST}, {@link
   * GreelPlusPlanner#DEFAULT_EARLY_SHAPE}, {@link GreelPlusPlanner#DEFAULT_MAX_STRETCH} above
   * {@link GreelPlusPlanner#DEFAULT_STRETCH_ABOVE}, the admission {@link
   * GreelPlusPlanner#DEFAULT_MAX_ROOM_SHARE} below a free share of {@link
   * GreelPlusPlanner#DEFAULT_ROOM_SHARE_BELOW}, {@link GreelPlusPlanner#DEFAULT_EARLY_RESERVE}, no
   * aligned candidate, {@link GreelPlusPlanner#DEFAULT_RESERVE_RULE}, {@link
   * GreelPlusPlanner#DEFAULT_REPAIR} with {@link GreelPlusPlanner#DEFAULT_REPAIR_PICK} and {@link
   * RepairPlace#SAME}, {@link GreelPlusPlanner#DEFAULT_SMALL_REPAIR} for requests below {@link
   * GreelPlusPlanner#DEFAULT_SMALL_BELOW} of the plan, the admission by plan share {@link
   * GreelPlusPlanner#DEFAULT_MAX_PLAN_SHARE} below the same free share while at least {@link
   * GreelPlusPlanner#DEFAULT_SMALL_SHARE_AT_LEAST} of the plan's reservations are small.
   */
  public static final GreelPlusOptions DEFAULTS =
      new GreelPlusOptions(
          DEFAULT_GREEDY,
          Direction.EARLY_FIRST,
          DEFAULT_EARLY_SHAPE,
          DEFAULT_MAX_ROOM_SHARE,
          DEFAULT_EARLY_RESERVE,
          Aligned.OFF,
          DEFAULT_RESERVE_RULE,
          DEFAULT_REPAIR,
          DEFAULT_REPAIR_PICK,
          RepairPlace.SAME,
          DEFAULT_ROOM_SHARE_BELOW,
          DEFAULT_MAX_PLAN_SHARE,
          DEFAULT_MAX_STRETCH,
          DEFAULT_STRETCH_ABOVE,
          DEFAULT_SMALL_REPAIR,
          DEFAULT_SMALL_BELOW,
          DEFAULT_SMALL_SHARE_AT_LEAST);

  /**
   * The plain early-then-late planner, with none of the later options: {@link
   * GreelPlusPlanner#DEFAULT_GREEDY}, {@link Direction#EARLY_FIRST}, {@link EarlyShape#TALL}, no
   * admission ({@link GreelPlusPlanner#NO_MAX_ROOM_SHARE}, applied {@link GreelPlusPlanner#ALWAYS}
   * when set), no early reserve ({@link GreelPlusPlanner#NO_EARLY_RESERVE}) with {@link
   * ReserveRule#FIXED}, no aligned candidate, no repair ({@link GreelPlusPlanner#NO_REPAIR}) with
   * {@link RepairPick#MOST_HELD} and {@link RepairPlace#SAME} and no larger bound for small
   * requests ({@link GreelPlusPlanner#NO_SMALL_REPAIR}): the base the planner's short constructors
   * built on before its settings were this record. Tests and benchmarks start from it to set one
   * option at a time.
   */
  public static final GreelPlusOptions PLAIN =
      new GreelPlusOptions(
          DEFAULT_GREEDY,
          Direction.EARLY_FIRST,
          EarlyShape.TALL,
          NO_MAX_ROOM_SHARE,
          NO_EARLY_RESERVE,
          Aligned.OFF,
          ReserveRule.FIXED,
          NO_REPAIR,
          RepairPick.MOST_HELD,
          RepairPlace.SAME,
          ALWAYS,
          NO_MAX_ROOM_SHARE,
          NO_MAX_STRETCH,
          ALL_SIZES,
          NO_SMALL_REPAIR,
          DEFAULT_SMALL_BELOW,
          ANY_MIX);

  /** Checks every range and the cross-checks; a null takes {@link #PLAIN}'s value. */
  public GreelPlusOptions {
    // the checks in the order the planner made them (the first bad option is the one named)
    greedy = greedy == null ? DEFAULT_GREEDY : greedy;
    direction = direction == null ? Direction.EARLY_FIRST : direction;
    earlyShape = earlyShape == null ? EarlyShape.TALL : earlyShape;
    reserveRule = reserveRule == null ? ReserveRule.FIXED : reserveRule;
    repairPick = repairPick == null ? RepairPick.DEFAULT : repairPick;
    repairPlace = repairPlace == null ? RepairPlace.SAME : repairPlace;
    aligned = aligned == null ? Aligned.OFF : aligned;
    if (repair < 0 || repair > MAX_REPAIR)
      throw new IllegalArgumentException(
          REPAIR + " must be in [0, " + MAX_REPAIR + "], got " + repair);
    if (aligned != Aligned.OFF && direction == Direction.LATE)
      throw new IllegalArgumentException(
          ALIGNED
              + "="
              + aligned.text()
              + " places the aligned candidate beside the early one, but "
              + DIRECTION
              + "=late has no early candidate");
    if (!(maxRoomShare > 0))
      throw new IllegalArgumentException(
          MAX_ROOM_SHARE + " must be more than 0, got " + maxRoomShare);
    if (!(earlyReserve >= 0 && earlyReserve < 1))
      throw new IllegalArgumentException(EARLY_RESERVE + " must be in [0, 1), got " + earlyReserve);
    if (!(roomShareBelow >= 0 && roomShareBelow <= 1))
      throw new IllegalArgumentException(
          ROOM_SHARE_BELOW + " must be in [0, 1], got " + roomShareBelow);
    if (!(maxPlanShare > 0))
      throw new IllegalArgumentException(
          MAX_PLAN_SHARE + " must be more than 0, got " + maxPlanShare);
    if (!(maxStretch == NO_MAX_STRETCH || (maxStretch >= 1 && maxStretch <= MAX_MAX_STRETCH)))
      throw new IllegalArgumentException(
          MAX_STRETCH
              + " must be 0 (off) or in [1, "
              + (long) MAX_MAX_STRETCH
              + "], got "
              + maxStretch);
    if (!(stretchAbove >= 0 && stretchAbove <= 1))
      throw new IllegalArgumentException(STRETCH_ABOVE + " must be in [0, 1], got " + stretchAbove);
    if (smallRepair < 0 || smallRepair > MAX_REPAIR)
      throw new IllegalArgumentException(
          SMALL_REPAIR + " must be in [0, " + MAX_REPAIR + "], got " + smallRepair);
    if (!(smallBelow >= 0 && smallBelow <= 1))
      throw new IllegalArgumentException(SMALL_BELOW + " must be in [0, 1], got " + smallBelow);
    if (!(smallShareAtLeast >= 0 && smallShareAtLeast <= 1))
      throw new IllegalArgumentException(
          SMALL_SHARE_AT_LEAST + " must be in [0, 1], got " + smallShareAtLeast);
  }

  /**
   * The options of checked values (see {@link GreelPlusPlanner#specs}); GREE-L's options other than
   * {@code flat-fallback} are {@link GreelPlusPlanner#DEFAULT_GREEDY}'s.
   */
  public static GreelPlusOptions from(Options o) {
    GreedyOptions g =
        new GreedyOptions(
            DEFAULT_GREEDY.stackedScan(),
            DEFAULT_GREEDY.anyWrittenOrder(),
            DEFAULT_GREEDY.guessOrderOnly(),
            o.bool(GreedyOptions.FLAT_FALLBACK));
    return new GreelPlusOptions(
        g,
        Direction.parse(o.text(DIRECTION)),
        EarlyShape.parse(o.text(EARLY_SHAPE)),
        o.has(MAX_ROOM_SHARE) ? o.decimal(MAX_ROOM_SHARE) : DEFAULT_MAX_ROOM_SHARE,
        o.has(EARLY_RESERVE) ? o.decimal(EARLY_RESERVE) : DEFAULT_EARLY_RESERVE,
        o.has(ALIGNED) ? Aligned.parse(o.text(ALIGNED)) : Aligned.OFF,
        o.has(RESERVE_RULE) ? ReserveRule.parse(o.text(RESERVE_RULE)) : DEFAULT_RESERVE_RULE,
        o.has(REPAIR) ? (int) o.integer(REPAIR) : DEFAULT_REPAIR,
        o.has(REPAIR_PICK) ? RepairPick.parse(o.text(REPAIR_PICK)) : DEFAULT_REPAIR_PICK,
        o.has(REPAIR_PLACE) ? RepairPlace.parse(o.text(REPAIR_PLACE)) : RepairPlace.SAME,
        o.has(ROOM_SHARE_BELOW) ? o.decimal(ROOM_SHARE_BELOW) : DEFAULT_ROOM_SHARE_BELOW,
        o.has(MAX_PLAN_SHARE) ? o.decimal(MAX_PLAN_SHARE) : DEFAULT_MAX_PLAN_SHARE,
        o.has(MAX_STRETCH) ? o.decimal(MAX_STRETCH) : DEFAULT_MAX_STRETCH,
        o.has(STRETCH_ABOVE) ? o.decimal(STRETCH_ABOVE) : DEFAULT_STRETCH_ABOVE,
        o.has(SMALL_REPAIR) ? (int) o.integer(SMALL_REPAIR) : DEFAULT_SMALL_REPAIR,
        o.has(SMALL_BELOW) ? o.decimal(SMALL_BELOW) : DEFAULT_SMALL_BELOW,
        o.has(SMALL_SHARE_AT_LEAST)
            ? o.decimal(SMALL_SHARE_AT_LEAST)
            : DEFAULT_SMALL_SHARE_AT_LEAST);
  }

  /** These options with {@code greedy} instead. */
  public GreelPlusOptions withGreedy(GreedyOptions greedy) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code direction} instead. */
  public GreelPlusOptions withDirection(Direction direction) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code earlyShape} instead. */
  public GreelPlusOptions withEarlyShape(EarlyShape earlyShape) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code maxRoomShare} instead. */
  public GreelPlusOptions withMaxRoomShare(double maxRoomShare) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code earlyReserve} instead. */
  public GreelPlusOptions withEarlyReserve(double earlyReserve) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code aligned} instead. */
  public GreelPlusOptions withAligned(Aligned aligned) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code reserveRule} instead. */
  public GreelPlusOptions withReserveRule(ReserveRule reserveRule) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code repair} instead. */
  public GreelPlusOptions withRepair(int repair) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code repairPick} instead. */
  public GreelPlusOptions withRepairPick(RepairPick repairPick) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code repairPlace} instead. */
  public GreelPlusOptions withRepairPlace(RepairPlace repairPlace) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code roomShareBelow} instead. */
  public GreelPlusOptions withRoomShareBelow(double roomShareBelow) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code maxPlanShare} instead. */
  public GreelPlusOptions withMaxPlanShare(double maxPlanShare) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code maxStretch} instead. */
  public GreelPlusOptions withMaxStretch(double maxStretch) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code stretchAbove} instead. */
  public GreelPlusOptions withStretchAbove(double stretchAbove) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code smallRepair} instead. */
  public GreelPlusOptions withSmallRepair(int smallRepair) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code smallBelow} instead. */
  public GreelPlusOptions withSmallBelow(double smallBelow) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }

  /** These options with {@code smallShareAtLeast} instead. */
  public GreelPlusOptions withSmallShareAtLeast(double smallShareAtLeast) {
    return new GreelPlusOptions(
        greedy,
        direction,
        earlyShape,
        maxRoomShare,
        earlyReserve,
        aligned,
        reserveRule,
        repair,
        repairPick,
        repairPlace,
        roomShareBelow,
        maxPlanShare,
        maxStretch,
        stretchAbove,
        smallRepair,
        smallBelow,
        smallShareAtLeast);
  }
}
