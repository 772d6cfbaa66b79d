package io.rayon.engine.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.metrics.PlanMetrics;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.engine.schedulers.SimulationRun;
import io.rayon.engine.sim.SimulationConfig;
import io.rayon.engine.sim.SimulationResult;
import io.rayon.engine.task.CancellationToken;
import io.rayon.engine.task.CancelledException;
import io.rayon.engine.task.ProgressListener;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.scenario.SharingPolicySpec;
import io.rayon.testsupport.Fixtures;
import io.rayon.testsupport.SampleScenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class SweepTest {

  /**
   * The small fixture with {@code n} more generated reservations (seeded), so that planners and
   * policies differ.
   */
  static Scenario generated(long seed, int n) {
    Scenario base = Fixtures.smallScenario();
    SplittableRandom rnd = new SplittableRandom(seed);
    List<ReservationRequest> rs = new ArrayList<>(base.reservations());
    for (int i = 0; i < n; i++) {
      int mem = 1024 * (1 + rnd.nextInt(4));
      int gang = 1 + rnd.nextInt(4);
      int dur = 1 + rnd.nextInt(10);
      int count = gang * (1 + rnd.nextInt(4));
      int start = rnd.nextInt(30);
      String rdl =
          "window(atom(<"
              + mem
              + ","
              + (mem / 1024)
              + ">,"
              + gang
              + ","
              + count
              + ","
              + gang
              + ","
              + dur
              + "),"
              + start
              + ","
              + (start + dur * 2 + rnd.nextInt(20))
              + ")";
      rs.add(Fixtures.request("g" + i, i % 2 == 0 ? "alice" : "bob", rdl));
    }
    return new Scenario(
        base.formatVersion(),
        base.name(),
        base.description(),
        base.stepSeconds(),
        base.horizonSteps(),
        base.cluster(),
        base.rootQueue(),
        base.users(),
        base.sharingPolicy(),
        rs,
        base.workload(),
        base.settings());
  }

  @Test
  void everyCombinationRunsOnceInParameterOrder() {
    Sweep s =
        Sweep.of(
            Fixtures.smallScenario(),
            List.of(
                Sweep.Param.parse("planner=gree,greel"),
                Sweep.Param.parse("policy=none|instantaneous:0.5")),
            1,
            "acceptance",
            null);
    assertThat(s.kind()).isEqualTo(Sweep.Kind.PLAN);
    assertThat(s.points())
        .extracting(p -> p.settings().toString())
        .containsExactly(
            "{planner=gree, policy=none}", "{planner=gree, policy=instantaneous:0.5}",
            "{planner=greel, policy=none}", "{planner=greel, policy=instantaneous:0.5}");
  }

  @Property(tries = 25)
  void aSweepRowIsWhatThePlannerGivesAloneAndThreadsDoNotChangeIt(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 4) int threads) {
    Scenario sc = generated(seed, 12);
    Sweep s =
        Sweep.of(
            sc,
            List.of(
                Sweep.Param.parse("planner=gree,greel"),
                Sweep.Param.parse("policy=none|instantaneous:0.3")),
            1,
            "acceptance",
            null);
    List<Sweep.Row> rows = s.runAll(threads, ProgressListener.NONE, new CancellationToken());
    assertThat(rows).hasSize(4);
    for (Sweep.Row r : rows) {
      Map<String, String> set = r.point().settings();
      PlanMetrics m =
          PlanningRun.run(
                  sc,
                  Planners.byName(set.get("planner")),
                  SharingPolicySpec.parse(set.get("policy")))
              .metrics();
      assertThat(r.metric("accepted")).as(set.toString()).isEqualTo(m.accepted());
      assertThat(r.metric("acceptance")).as(set.toString()).isEqualTo(m.acceptance());
      assertThat(r.metric("weightedAcceptance"))
          .as(set.toString())
          .isEqualTo(m.weightedAcceptance());
    }
  }

  @Test
  void anOptionAppliesOnlyWhereTheSchedulerTakesItAndIdenticalRunsAreRunOnce() throws Exception {
    Scenario sc = ScenarioIO.parse(SampleScenarios.fig9Json(), "fig9");
    Sweep s =
        Sweep.of(
            sc,
            List.of(
                Sweep.Param.parse("scheduler=reservation,estimation"),
                Sweep.Param.parse("damping=0.1,0.5")),
            2,
            "makespanS",
            null);
    assertThat(s.kind()).isEqualTo(Sweep.Kind.SIMULATE);
    assertThat(s.points())
        .extracting(p -> p.settings() + "/" + p.seed())
        .containsExactly(
            "{scheduler=reservation}/1", "{scheduler=reservation}/2",
            "{scheduler=estimation, damping=0.1}/1", "{scheduler=estimation, damping=0.1}/2",
            "{scheduler=estimation, damping=0.5}/1", "{scheduler=estimation, damping=0.5}/2");
    List<Sweep.Row> rows = s.runAll(2, ProgressListener.NONE, new CancellationToken());
    SimulationResult direct =
        SimulationRun.of(
                sc,
                "estimation",
                Map.of("damping", "0.5"),
                SimulationRun.Requests.RRU,
                SimulationConfig.DEFAULT.withFrameInterval(0).withSeed(2))
            .run();
    assertThat(rows.get(5).metric("makespanS")).isEqualTo(direct.makespanS());
    assertThat(rows.get(5).metric("meanJobCompletionS")).isEqualTo(direct.meanJobCompletionS());
  }

  @Test
  void summaryIsPerCombinationOverSeedsBestFirst() {
    Sweep.Point a1 = new Sweep.Point(0, Map.of("x", "a"), 1);
    Sweep.Point a2 = new Sweep.Point(1, Map.of("x", "a"), 2);
    Sweep.Point b1 = new Sweep.Point(2, Map.of("x", "b"), 1);
    Sweep.Point b2 = new Sweep.Point(3, Map.of("x", "b"), 2);
    Sweep.Point c1 = new Sweep.Point(4, Map.of("x", "c"), 1);
    List<Sweep.Row> rows =
        List.of(
            new Sweep.Row(a1, Map.of("makespanS", 10.0)),
            new Sweep.Row(a2, Map.of("makespanS", 20.0)),
            new Sweep.Row(b1, Map.of("makespanS", 4.0)),
            new Sweep.Row(b2, Map.of("makespanS", 8.0)),
            new Sweep.Row(c1, Map.of("makespanS", Double.NaN)));
    List<Sweep.Summary> sum = Sweep.summarize(rows, "makespanS");
    assertThat(sum).extracting(x -> x.settings().get("x")).containsExactly("b", "a", "c");
    assertThat(sum.get(0).mean()).isEqualTo(6.0);
    assertThat(sum.get(0).min()).isEqualTo(4.0);
    assertThat(sum.get(0).max()).isEqualTo(8.0);
    assertThat(sum.get(0).sd()).isEqualTo(Math.sqrt(8.0));
    assertThat(sum.get(2).runs()).isZero();
    // higher is better for acceptance: reversed order
    List<Sweep.Row> acc =
        List.of(
            new Sweep.Row(a1, Map.of("acceptance", 0.5)),
            new Sweep.Row(b1, Map.of("acceptance", 0.9)));
    assertThat(Sweep.summarize(acc, "acceptance"))
        .extracting(x -> x.settings().get("x"))
        .containsExactly("b", "a");
  }

  @Test
  void badSweepsAreRefusedBeforeAnyRunNamingTheProblem() {
    Scenario sc = Fixtures.smallScenario();
    assertThatThrownBy(
            () -> Sweep.of(sc, List.of(Sweep.Param.parse("planner=gree")), 1, "speed", null))
        .hasMessageContaining("unknown metric 'speed'")
        .hasMessageContaining("acceptance");
    assertThatThrownBy(
            () ->
                Sweep.of(
                    sc, List.of(Sweep.Param.parse("planner=gree,nope")), 1, "acceptance", null))
        .hasMessageContaining("planner=nope");
    assertThatThrownBy(
            () ->
                Sweep.of(
                    sc, List.of(Sweep.Param.parse("policy=none|bogus:1")), 1, "acceptance", null))
        .hasMessageContaining("policy=bogus:1");
    assertThatThrownBy(
            () -> Sweep.of(sc, List.of(Sweep.Param.parse("planner=gree")), 3, "acceptance", null))
        .hasMessageContaining("deterministic");
    assertThatThrownBy(
            () -> Sweep.of(sc, List.of(Sweep.Param.parse("damping=0.1")), 1, "makespanS", null))
        .hasMessageContaining("needs the scheduler");
    assertThatThrownBy(
            () ->
                Sweep.of(
                    sc,
                    List.of(
                        Sweep.Param.parse("scheduler=estimation"),
                        Sweep.Param.parse("damping=0.1,7")),
                    1,
                    "makespanS",
                    null))
        .hasMessageContaining("damping=7");
    assertThatThrownBy(
            () ->
                Sweep.of(
                    sc,
                    List.of(
                        Sweep.Param.parse("scheduler=reservation"),
                        Sweep.Param.parse("damping=0.1")),
                    1,
                    "makespanS",
                    null))
        .hasMessageContaining("not an option of any scheduler");
    assertThatThrownBy(() -> Sweep.Param.parse("planner=gree,gree")).hasMessageContaining("twice");
    assertThatThrownBy(() -> Sweep.Param.parse("planner=gree,"))
        .hasMessageContaining("empty value");
    assertThatThrownBy(() -> Sweep.Param.parse("planner")).hasMessageContaining("NAME=V1,V2");
    List<Sweep.Param> huge = new ArrayList<>();
    for (String n : List.of("a", "b", "c")) {
      List<String> vs = new ArrayList<>();
      for (int i = 0; i < 30; i++) vs.add(n + i);
      huge.add(new Sweep.Param(n, vs));
    }
    assertThatThrownBy(() -> Sweep.of(sc, huge, 1, "acceptance", null))
        .hasMessageContaining("27000 runs");
  }

  @Test
  void cancellingStopsTheSweep() {
    Scenario sc = generated(7, 40);
    Sweep s =
        Sweep.of(
            sc,
            List.of(
                Sweep.Param.parse("planner=gree,greel"),
                Sweep.Param.parse(
                    "policy=none|instantaneous:0.3|instantaneous:0.5|instantaneous:0.7")),
            1,
            "acceptance",
            null);
    CancellationToken cancel = new CancellationToken();
    AtomicInteger seen = new AtomicInteger();
    assertThatThrownBy(
            () ->
                s.runAll(
                    1,
                    (f, m) -> {
                      if (seen.incrementAndGet() == 2) cancel.cancel();
                    },
                    cancel))
        .isInstanceOf(CancelledException.class);
    assertThat(seen.get()).isLessThan(s.points().size());
  }

  @Test
  void csvHasEveryRunWithQuotedSettings() {
    Sweep s =
        Sweep.of(
            Fixtures.smallScenario(),
            List.of(Sweep.Param.parse("policy=none|capacity-over-time:0.5,0.3,1h")),
            1,
            "accepted",
            null);
    String csv = s.csv(s.runAll(1, ProgressListener.NONE, new CancellationToken()));
    String[] lines = csv.split("\n");
    assertThat(lines[0])
        .isEqualTo(
            "policy,seed,accepted,rejected,acceptance,weightedAcceptance,preemption,uniformity");
    assertThat(lines).hasSize(3);
    assertThat(lines[2]).startsWith("\"capacity-over-time:0.5,0.3,1h\",1,");
  }
}
