package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.planners.Planners;
import io.rayon.engine.planning.GreelPlusPlanner.Aligned;
import io.rayon.engine.planning.GreelPlusPlanner.Direction;
import io.rayon.engine.planning.GreelPlusPlanner.EarlyShape;
import io.rayon.engine.planning.GreelPlusPlanner.RepairPlace;
import io.rayon.engine.planning.GreelPlusPlanner.ReserveRule;
import io.rayon.engine.plugin.Options;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link GreelPlusOptions}: the defaults, the checks, the withers and the parsing. */
class GreelPlusOptionsTest {

  private static GreelPlusOptions parse(Map<String, String> raw) {
    return GreelPlusOptions.from(
        Options.parse(GreelPlusPlanner.NAME, GreelPlusPlanner.specs(), raw));
  }

  @Test
  void theDefaultsAreWhatNoOptionsGive() {
    assertThat(parse(Map.of())).isEqualTo(GreelPlusOptions.DEFAULTS);
    assertThat(new GreelPlusPlanner().options()).isEqualTo(GreelPlusOptions.DEFAULTS);
    assertThat(((GreelPlusPlanner) Planners.byName(GreelPlusPlanner.NAME)).options())
        .isEqualTo(GreelPlusOptions.DEFAULTS);
    // the values the planner's description and docs/planner-options.md give
    GreelPlusOptions d = GreelPlusOptions.DEFAULTS;
    assertThat(d.greedy()).isEqualTo(GreelPlusPlanner.DEFAULT_GREEDY);
    assertThat(d.direction()).isEqualTo(Direction.EARLY_FIRST);
    assertThat(d.earlyShape()).isEqualTo(EarlyShape.RIGID);
    assertThat(d.maxRoomShare()).isEqualTo(1.0);
    assertThat(d.earlyReserve()).isEqualTo(0.0);
    assertThat(d.aligned()).isEqualTo(Aligned.OFF);
    assertThat(d.reserveRule()).isEqualTo(ReserveRule.CROWDED);
    assertThat(d.repair()).isEqualTo(8);
    assertThat(d.repairPick()).isEqualTo(RepairPick.SINGLES);
    assertThat(d.repairPlace()).isEqualTo(RepairPlace.SAME);
    assertThat(d.roomShareBelow()).isEqualTo(0.1);
    assertThat(d.maxPlanShare()).isEqualTo(0.0005);
    assertThat(d.maxStretch()).isEqualTo(3.0);
    assertThat(d.stretchAbove()).isEqualTo(0.003);
    assertThat(d.smallRepair()).isEqualTo(32);
    assertThat(d.smallBelow()).isEqualTo(0.0001);
    assertThat(d.smallShareAtLeast()).isEqualTo(0.5);
  }

  @Test
  void plainHasNoneOfTheLaterOptionsAndANullTakesItsValue() {
    GreelPlusOptions p = GreelPlusOptions.PLAIN;
    assertThat(p)
        .isEqualTo(
            GreelPlusOptions.DEFAULTS
                .withMaxRoomShare(GreelPlusPlanner.NO_MAX_ROOM_SHARE)
                .withEarlyReserve(GreelPlusPlanner.NO_EARLY_RESERVE)
                .withReserveRule(ReserveRule.FIXED)
                .withRepair(GreelPlusPlanner.NO_REPAIR)
                .withRepairPick(RepairPick.MOST_HELD)
                .withRoomShareBelow(GreelPlusPlanner.ALWAYS)
                .withEarlyShape(EarlyShape.TALL)
                .withMaxStretch(GreelPlusPlanner.NO_MAX_STRETCH)
                .withStretchAbove(GreelPlusPlanner.ALL_SIZES)
                .withSmallRepair(GreelPlusPlanner.NO_SMALL_REPAIR)
                .withMaxPlanShare(GreelPlusPlanner.NO_MAX_ROOM_SHARE)
                .withSmallShareAtLeast(GreelPlusPlanner.ANY_MIX));
    assertThat(
            new GreelPlusOptions(
                null,
                null,
                null,
                p.maxRoomShare(),
                p.earlyReserve(),
                null,
                null,
                p.repair(),
                null,
                null,
                p.roomShareBelow(),
                p.maxPlanShare(),
                p.maxStretch(),
                p.stretchAbove(),
                p.smallRepair(),
                p.smallBelow(),
                p.smallShareAtLeast()))
        .isEqualTo(p);
  }

  /** Each bad value is refused, naming the option, in the words the planner used. */
  @Test
  void eachBadValueIsRefusedWithTheOptionsName() {
    GreelPlusOptions d = GreelPlusOptions.DEFAULTS;
    Map<Supplier<GreelPlusOptions>, String> bad = new HashMap<>();
    bad.put(() -> d.withRepair(-1), "repair must be in [0, 1000], got -1");
    bad.put(() -> d.withRepair(1001), "repair must be in [0, 1000], got 1001");
    bad.put(() -> d.withSmallRepair(-1), "small-repair must be in [0, 1000], got -1");
    bad.put(() -> d.withSmallBelow(Double.NaN), "small-below must be in [0, 1], got NaN");
    bad.put(() -> d.withSmallBelow(1.5), "small-below must be in [0, 1], got 1.5");
    bad.put(
        () -> d.withSmallShareAtLeast(-0.5), "small-share-at-least must be in [0, 1], got -0.5");
    bad.put(
        () -> d.withSmallShareAtLeast(Double.NaN),
        "small-share-at-least must be in [0, 1], got NaN");
    bad.put(() -> d.withMaxRoomShare(0), "max-room-share must be more than 0, got 0.0");
    bad.put(() -> d.withMaxRoomShare(Double.NaN), "max-room-share must be more than 0, got NaN");
    bad.put(() -> d.withEarlyReserve(-0.1), "early-reserve must be in [0, 1), got -0.1");
    bad.put(() -> d.withEarlyReserve(1), "early-reserve must be in [0, 1), got 1.0");
    bad.put(() -> d.withRoomShareBelow(-0.1), "room-share-below must be in [0, 1], got -0.1");
    bad.put(() -> d.withRoomShareBelow(1.5), "room-share-below must be in [0, 1], got 1.5");
    bad.put(() -> d.withMaxPlanShare(0), "max-plan-share must be more than 0, got 0.0");
    bad.put(() -> d.withMaxPlanShare(-1), "max-plan-share must be more than 0, got -1.0");
    bad.put(() -> d.withMaxStretch(0.5), "max-stretch must be 0 (off) or in [1, 1000], got 0.5");
    bad.put(
        () -> d.withMaxStretch(1001), "max-stretch must be 0 (off) or in [1, 1000], got 1001.0");
    bad.put(() -> d.withStretchAbove(-0.1), "stretch-above must be in [0, 1], got -0.1");
    bad.put(() -> d.withStretchAbove(1.5), "stretch-above must be in [0, 1], got 1.5");
    bad.put(
        () -> d.withAligned(Aligned.FIRST).withDirection(Direction.LATE),
        "aligned=first places the aligned candidate beside the early one, but direction=late has no"
            + " early candidate");
    bad.put(
        () -> d.withDirection(Direction.LATE).withAligned(Aligned.LATE_BEFORE_LATE),
        "aligned=late-before-late places the aligned candidate beside the early one, but"
            + " direction=late has no early candidate");
    bad.forEach(
        (make, message) ->
            assertThatThrownBy(make::get)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message));
    // the edges are accepted
    assertThat(d.withRepair(0).withRepair(1000).repair()).isEqualTo(1000);
    assertThat(d.withEarlyReserve(0).earlyReserve()).isZero();
    assertThat(d.withRoomShareBelow(0).withRoomShareBelow(1).roomShareBelow()).isEqualTo(1);
    assertThat(d.withMaxRoomShare(2).withMaxPlanShare(2).maxPlanShare()).isEqualTo(2);
    assertThat(d.withMaxStretch(0).withMaxStretch(1).withMaxStretch(1000).maxStretch())
        .isEqualTo(1000);
    assertThat(d.withStretchAbove(0).withStretchAbove(1).stretchAbove()).isEqualTo(1);
    assertThat(d.withSmallShareAtLeast(0).withSmallShareAtLeast(1).smallShareAtLeast())
        .isEqualTo(1);
  }

  /** Another valid value for every component, none equal to the defaults'. */
  private static final Map<String, Object> OTHER =
      Map.ofEntries(
          Map.entry("greedy", GreedyOptions.PAPER),
          Map.entry("direction", Direction.LATE_FIRST),
          Map.entry("earlyShape", EarlyShape.FLAT),
          Map.entry("maxRoomShare", 0.5),
          Map.entry("earlyReserve", 0.1),
          Map.entry("aligned", Aligned.AFTER_EARLY),
          Map.entry("reserveRule", ReserveRule.FIXED),
          Map.entry("repair", 16),
          Map.entry("repairPick", RepairPick.ENOUGH),
          Map.entry("repairPlace", RepairPlace.LATE_FIRST),
          Map.entry("roomShareBelow", 0.7),
          Map.entry("maxPlanShare", 0.02),
          Map.entry("maxStretch", 2.5),
          Map.entry("stretchAbove", 0.01),
          Map.entry("smallRepair", 12),
          Map.entry("smallBelow", 0.002),
          Map.entry("smallShareAtLeast", 0.8));

  /**
   * Every component has its {@code withX}, and it changes that component alone (read through the
   * record's components, so a new component without a wither fails here).
   */
  @Test
  void eachWitherChangesItsComponentAlone() throws Exception {
    GreelPlusOptions d = GreelPlusOptions.DEFAULTS;
    RecordComponent[] components = GreelPlusOptions.class.getRecordComponents();
    assertThat(components).hasSize(17);
    for (RecordComponent c : components) {
      String name = c.getName();
      assertThat(OTHER).as(name).containsKey(name);
      Method wither =
          GreelPlusOptions.class.getMethod(
              "with" + name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1),
              c.getType());
      Object value = OTHER.get(name);
      assertThat(c.getAccessor().invoke(d)).as(name).isNotEqualTo(value);
      GreelPlusOptions changed = (GreelPlusOptions) wither.invoke(d, value);
      for (RecordComponent other : components) {
        Object now = other.getAccessor().invoke(changed);
        if (other == c) assertThat(now).as(name).isEqualTo(value);
        else
          assertThat(now)
              .as(name + " left " + other.getName())
              .isEqualTo(other.getAccessor().invoke(d));
      }
      assertThat(d).isEqualTo(GreelPlusOptions.DEFAULTS); // a copy; the original is unchanged
    }
  }

  /**
   * On generated settings, parsing the options as a user writes them gives the record the withers
   * build, and the planner of those options reports them.
   */
  @Property(tries = 200)
  void parsingGivesTheRecordTheWithersBuild(@ForAll long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Direction direction = pick(rnd, Direction.values());
    Aligned aligned = direction == Direction.LATE ? Aligned.OFF : pick(rnd, Aligned.values());
    EarlyShape shape = pick(rnd, EarlyShape.values());
    ReserveRule rule = pick(rnd, ReserveRule.values());
    RepairPick repairPick = pick(rnd, RepairPick.values());
    RepairPlace repairPlace = pick(rnd, RepairPlace.values());
    boolean fallback = rnd.nextBoolean();
    double maxRoomShare = pick(rnd, new Double[] {0.05, 0.1, 0.5, 1.0});
    double earlyReserve = pick(rnd, new Double[] {0.0, 0.2, 0.25, 0.9});
    double below = pick(rnd, new Double[] {0.0, 0.3, 1.0});
    double planShare = pick(rnd, new Double[] {0.003, 1.0});
    int repair = pick(rnd, new Integer[] {0, 1, 4, 1000});
    int smallRepair = pick(rnd, new Integer[] {0, 16, 32});
    double smallBelow = pick(rnd, new Double[] {0.0, 0.0001, 1.0});
    double smallShareAtLeast = pick(rnd, new Double[] {0.0, 0.3, 0.5, 1.0});

    Map<String, String> raw = new HashMap<>();
    raw.put(GreelPlusPlanner.DIRECTION, direction.text());
    raw.put(GreelPlusPlanner.ALIGNED, aligned.text());
    raw.put(GreelPlusPlanner.EARLY_SHAPE, GreelPlusPlanner.textOf(shape));
    raw.put(GreelPlusPlanner.RESERVE_RULE, rule.text());
    raw.put(GreelPlusPlanner.REPAIR_PICK, repairPick.text());
    raw.put(GreelPlusPlanner.REPAIR_PLACE, repairPlace.text());
    raw.put(GreedyOptions.FLAT_FALLBACK, Boolean.toString(fallback));
    raw.put(GreelPlusPlanner.MAX_ROOM_SHARE, Double.toString(maxRoomShare));
    raw.put(GreelPlusPlanner.EARLY_RESERVE, Double.toString(earlyReserve));
    raw.put(GreelPlusPlanner.ROOM_SHARE_BELOW, Double.toString(below));
    raw.put(GreelPlusPlanner.MAX_PLAN_SHARE, Double.toString(planShare));
    raw.put(GreelPlusPlanner.REPAIR, Integer.toString(repair));
    raw.put(GreelPlusPlanner.SMALL_REPAIR, Integer.toString(smallRepair));
    raw.put(GreelPlusPlanner.SMALL_BELOW, Double.toString(smallBelow));
    raw.put(GreelPlusPlanner.SMALL_SHARE_AT_LEAST, Double.toString(smallShareAtLeast));
    // a random subset of the options, the others left at their defaults
    List<String> keys = new ArrayList<>(raw.keySet());
    for (String k : keys) if (rnd.nextInt(3) == 0) raw.remove(k);

    GreelPlusOptions built = GreelPlusOptions.DEFAULTS;
    GreedyOptions g = GreelPlusPlanner.DEFAULT_GREEDY;
    if (raw.containsKey(GreedyOptions.FLAT_FALLBACK))
      built =
          built.withGreedy(
              new GreedyOptions(
                  g.stackedScan(), g.anyWrittenOrder(), g.guessOrderOnly(), fallback));
    if (raw.containsKey(GreelPlusPlanner.ALIGNED)) built = built.withAligned(aligned);
    if (raw.containsKey(GreelPlusPlanner.DIRECTION)) built = built.withDirection(direction);
    if (raw.containsKey(GreelPlusPlanner.EARLY_SHAPE)) built = built.withEarlyShape(shape);
    if (raw.containsKey(GreelPlusPlanner.RESERVE_RULE)) built = built.withReserveRule(rule);
    if (raw.containsKey(GreelPlusPlanner.REPAIR_PICK)) built = built.withRepairPick(repairPick);
    if (raw.containsKey(GreelPlusPlanner.REPAIR_PLACE)) built = built.withRepairPlace(repairPlace);
    if (raw.containsKey(GreelPlusPlanner.MAX_ROOM_SHARE))
      built = built.withMaxRoomShare(maxRoomShare);
    if (raw.containsKey(GreelPlusPlanner.EARLY_RESERVE))
      built = built.withEarlyReserve(earlyReserve);
    if (raw.containsKey(GreelPlusPlanner.ROOM_SHARE_BELOW)) built = built.withRoomShareBelow(below);
    if (raw.containsKey(GreelPlusPlanner.MAX_PLAN_SHARE)) built = built.withMaxPlanShare(planShare);
    if (raw.containsKey(GreelPlusPlanner.REPAIR)) built = built.withRepair(repair);
    if (raw.containsKey(GreelPlusPlanner.SMALL_REPAIR)) built = built.withSmallRepair(smallRepair);
    if (raw.containsKey(GreelPlusPlanner.SMALL_BELOW)) built = built.withSmallBelow(smallBelow);
    if (raw.containsKey(GreelPlusPlanner.SMALL_SHARE_AT_LEAST))
      built = built.withSmallShareAtLeast(smallShareAtLeast);

    assertThat(parse(raw)).as("%s", raw).isEqualTo(built);
    GreelPlusPlanner planner =
        GreelPlusPlanner.from(Options.parse("greel-plus", GreelPlusPlanner.specs(), raw));
    assertThat(planner.options()).isEqualTo(built);
    assertThat(planner.repairBound()).isEqualTo(built.repair());
    assertThat(planner.repairPick()).isEqualTo(built.repairPick());
  }

  private static <T> T pick(SplittableRandom rnd, T[] values) {
    return values[rnd.nextInt(values.length)];
  }
}
