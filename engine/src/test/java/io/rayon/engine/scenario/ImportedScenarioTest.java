package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.rdl.RdlCompiler;
import io.rayon.engine.trace.ImportResult;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.model.workload.Job;
import io.rayon.model.workload.JobKind;
import io.rayon.model.workload.TaskGroup;
import io.rayon.model.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The scenario built from an import: window, step, unique ids and reservations, on generated
 * traces.
 */
class ImportedScenarioTest {
  static final Cluster CLUSTER =
      new Cluster(
          "c",
          List.of(new NodeGroup("n", 4, Resources.of(8192, 8), null, 1, null)),
          List.of(),
          List.of());

  /**
   * A seeded random trace: jobs of 1–3 task groups (the later ones after the earlier), some
   * production, some with deadlines.
   */
  static List<Job> trace(long seed, int n, long spanS) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int groups = 1 + r.nextInt(3);
      List<TaskGroup> gs = new ArrayList<>();
      for (int g = 0; g < groups; g++) {
        gs.add(
            new TaskGroup(
                "g" + g,
                1 + r.nextInt(12),
                Resources.of(512L * (1 + r.nextInt(4)), 1 + r.nextInt(2)),
                1 + r.nextInt(7200),
                List.of(),
                g == 0 ? List.of() : List.of("g" + (g - 1))));
      }
      long arrival = r.nextLong(spanS);
      boolean prod = r.nextInt(3) == 0;
      Long deadline = prod && r.nextBoolean() ? arrival + r.nextLong(1, 20_000) : null;
      String id = "j" + (r.nextInt(5) == 0 ? r.nextInt(Math.max(1, i)) : i); // some ids repeat
      jobs.add(
          new Job(
              id,
              null,
              "u" + r.nextInt(3),
              null,
              prod ? JobKind.PRODUCTION : JobKind.BEST_EFFORT,
              arrival,
              deadline,
              null,
              gs));
    }
    return jobs;
  }

  @Property(tries = 60)
  void everyProductionJobGetsAFeasibleWindowInsideTheHorizonAndTheScenarioChecks(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @IntRange(min = 1, max = 60) int n,
      @ForAll @LongRange(min = 1, max = 400L * 86_400) long spanS,
      @ForAll boolean rigid) {
    List<Job> jobs = trace(seed, n, spanS);
    ImportResult imported = new ImportResult(new Workload("t", jobs), 0, List.of(), rigid);
    ImportedScenario.Result r =
        ImportedScenario.build(
            "t", "d", imported, CLUSTER, ImportedScenario.Options.DEFAULT, Map.of());
    Scenario s = r.scenario();
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(s))).isEmpty();
    assertThat(s.horizonSteps()).isBetween(1L, ImportedScenario.TARGET_STEPS * 2);
    assertThat(s.workload().jobs()).hasSize(n);
    assertThat(s.workload().jobs().stream().map(Job::id).distinct().count()).isEqualTo(n);
    long production = jobs.stream().filter(j -> j.kind() == JobKind.PRODUCTION).count();
    assertThat(s.reservations()).hasSize((int) production);
    for (ReservationRequest q : s.reservations()) {
      Rdl.Window w = (Rdl.Window) q.rdl();
      Job j =
          s.workload().jobs().stream()
              .filter(x -> q.id().equals(x.reservationId()))
              .findFirst()
              .orElseThrow();
      assertThat(w.start()).isEqualTo(j.arrivalS() / s.stepSeconds()).isEqualTo(q.arrival());
      assertThat(w.finish()).isLessThanOrEqualTo(s.horizonSteps());
      // the window holds the job even at the cluster's full parallelism
      assertThat(w.finish() - w.start())
          .isGreaterThanOrEqualTo(
              ImportedScenario.minDurationOnCluster(j, CLUSTER, s.stepSeconds(), rigid));
      assertThat(RdlCompiler.work(w))
          .isEqualTo(
              j.tasks().stream()
                  .mapToLong(
                      g ->
                          g.count()
                              * Math.max(
                                  1, (g.durationS() + s.stepSeconds() - 1) / s.stepSeconds()))
                  .sum());
      assertThat(j.deadlineS()).isEqualTo(w.finish() * s.stepSeconds());
    }
    // deterministic, byte for byte
    Scenario again =
        ImportedScenario.build(
                "t", "d", imported, CLUSTER, ImportedScenario.Options.DEFAULT, Map.of())
            .scenario();
    assertThat(ScenarioIO.toJson(again)).isEqualTo(ScenarioIO.toJson(s));
  }

  @Property(tries = 40)
  void aWindowKeepsExactlyTheJobsSubmittedInItShiftedToZero(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
      @ForAll @LongRange(min = 0, max = 50_000) long from,
      @ForAll @LongRange(min = 1, max = 50_000) long length) {
    List<Job> jobs = trace(seed, 80, 100_000);
    long inWindow =
        jobs.stream().filter(j -> j.arrivalS() >= from && j.arrivalS() < from + length).count();
    ImportResult imported = new ImportResult(new Workload("t", jobs), 0, List.of());
    ImportedScenario.Options o = new ImportedScenario.Options(60L, from, from + length);
    if (inWindow == 0) {
      assertThatThrownBy(() -> ImportedScenario.build("t", "d", imported, CLUSTER, o, Map.of()))
          .hasMessageContaining("no job is submitted in the window");
      return;
    }
    Scenario s = ImportedScenario.build("t", "d", imported, CLUSTER, o, Map.of()).scenario();
    assertThat(s.stepSeconds()).isEqualTo(60);
    assertThat(s.workload().jobs())
        .hasSize((int) inWindow)
        .allSatisfy(j -> assertThat(j.arrivalS()).isBetween(0L, length - 1));
  }

  @Test
  void theAutomaticStepIsTheSmallestThatKeepsTheHorizonPlannable() {
    Job day =
        new Job(
            "a",
            null,
            null,
            null,
            JobKind.BEST_EFFORT,
            86_399,
            null,
            null,
            List.of(new TaskGroup("t", 1, Resources.of(512, 1), 1, List.of(), List.of())));
    Job year =
        new Job(
            "b",
            null,
            null,
            null,
            JobKind.BEST_EFFORT,
            365L * 86_400,
            null,
            null,
            List.of(new TaskGroup("t", 1, Resources.of(512, 1), 1, List.of(), List.of())));
    var r =
        ImportedScenario.build(
            "t",
            "d",
            new ImportResult(new Workload("t", List.of(day)), 0, List.of()),
            CLUSTER,
            ImportedScenario.Options.DEFAULT,
            Map.of());
    assertThat(r.scenario().stepSeconds())
        .isEqualTo(5); // 86,400 s: 17,280 steps of 5 s; 1 s would be 86,400 > 60,000
    assertThat(r.notes()).anyMatch(n -> n.startsWith("step 5s chosen"));
    r =
        ImportedScenario.build(
            "t",
            "d",
            new ImportResult(new Workload("t", List.of(day, year)), 0, List.of()),
            CLUSTER,
            ImportedScenario.Options.DEFAULT,
            Map.of());
    assertThat(r.scenario().stepSeconds()).isEqualTo(600);
  }

  @Test
  void rigidJobsAskForOneGangOfAllTheirTasksAndMapsAndReducesFollowEachOther() {
    Job j =
        new Job(
            "a",
            null,
            null,
            null,
            JobKind.PRODUCTION,
            0,
            null,
            null,
            List.of(
                new TaskGroup("map", 4, Resources.of(512, 1), 120, List.of(), List.of()),
                new TaskGroup("reduce", 2, Resources.of(1024, 1), 60, List.of(), List.of("map"))));
    assertThat(ImportedScenario.rdl(j, 60, false, null))
        .hasToString("order(atom(<512,1>,1,4,2,8),atom(<1024,1>,1,2,1,2))");
    assertThat(ImportedScenario.rdl(j, 60, true, null))
        .hasToString("order(atom(<512,1>,4,4,2,8),atom(<1024,1>,2,2,1,2))");
  }

  @Test
  void groupsOfOneDepthRunSideBySide() {
    // Rumen lists each task as its own group: two maps of one request become one atom, a map of
    // another request runs beside it
    Job j =
        new Job(
            "a",
            null,
            null,
            null,
            JobKind.PRODUCTION,
            0,
            null,
            null,
            List.of(
                new TaskGroup("m_0", 1, Resources.of(512, 1), 60, List.of(), List.of()),
                new TaskGroup("m_1", 1, Resources.of(512, 1), 180, List.of(), List.of()),
                new TaskGroup("m_2", 1, Resources.of(2048, 1), 60, List.of(), List.of()),
                new TaskGroup(
                    "r_0", 1, Resources.of(1024, 1), 60, List.of(), List.of("m_0", "m_1", "m_2"))));
    assertThat(ImportedScenario.rdl(j, 60, false, null))
        .hasToString(
            "order(all(atom(<512,1>,1,2,3,4),atom(<2048,1>,1,1,1,1)),atom(<1024,1>,1,1,1,1))");
  }
}
