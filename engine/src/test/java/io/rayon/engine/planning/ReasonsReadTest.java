package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.planners.Planners;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link PlanningContext#reasonsRead}: a planner asked for no reasons (bounded repair's tries whose
 * reasons are overwritten) decides exactly as when asked for them, and only the message changes.
 */
class ReasonsReadTest {
  @Provide
  Arbitrary<Long> seeds() {
    return Arbitraries.longs();
  }

  /** Planners under test: greel-plus at its defaults and with other shapes, GREE and GREE-L. */
  private static final List<Planner> PLANNERS =
      List.of(
          Planners.byName("greel-plus"),
          Planners.byName(
              "greel-plus",
              new PlannerOptions(
                  Map.of(
                      "early-shape", "tall",
                      "max-stretch", "0",
                      "max-room-share", "0.5",
                      "early-reserve", "0.1"))),
          Planners.byName(
              "greel-plus",
              new PlannerOptions(
                  Map.of(
                      "aligned", "after-early",
                      "direction", "late-first",
                      "max-stretch", "1.5",
                      "stretch-above", "0"))),
          Planners.byName("gree"),
          Planners.byName("greel"));

  /**
   * On 300 seeded workloads (every RDL operator, windows, arrivals, policies), each planner places
   * every request on two copies of the plan, one asked for reasons and one not: the same requests
   * are accepted with the same allocations (each accepted one is committed to both), and every
   * rejection keeps its code's family (repairable or not is decided from the rejection the caller
   * reads, so only the reasons-read one matters, but a refusal never turns into an acceptance).
   */
  @Property(tries = 300)
  void withoutReasonsThePlannerDecidesTheSame(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    for (Planner p : PLANNERS) {
      String name = p.name();
      Plan told = w.plan().copy();
      Plan quiet = w.plan().copy();
      PlanningContext ctx =
          PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(w.policy(), told.stepSeconds()));
      for (ReservationRequest r : w.requests()) {
        Decision a = p.place(told, r, ctx);
        Decision b = p.place(quiet, r, ctx.withoutReasons());
        assertThat(b.accepted()).as("seed %d, %s, %s", seed, name, r.id()).isEqualTo(a.accepted());
        if (a.accepted()) {
          assertThat(b.allocation())
              .as("seed %d, %s, %s", seed, name, r.id())
              .isEqualTo(a.allocation());
          told.add(r, a.allocation());
          quiet.add(r, b.allocation());
        } else {
          assertThat(a.rejection().message()).isNotBlank();
          assertThat(b.rejection().message()).isNotBlank();
        }
      }
    }
  }

  /**
   * {@link PlanningContext#diagnosed}: on 300 seeded workloads, each planner places every request
   * on two copies of the plan, one diagnosed and one not ({@link PlanningContext#withoutDiagnosis},
   * bounded repair's first placement): the same requests are accepted with the same allocations, a
   * rejection is repairable (CAPACITY, GANG_OR_LEASE, POLICY) in both or in neither, and one that
   * is not repairable is the same rejection, text included (it is final as it is: the system
   * diagnoses only a repairable one again).
   */
  @Property(tries = 300)
  void withoutDiagnosisThePlannerDecidesTheSameAndRepairableStaysSo(@ForAll("seeds") long seed) {
    RandomWorkloads w = RandomWorkloads.arrivingAtRandom(seed);
    for (Planner p : PLANNERS) {
      String name = p.name();
      Plan told = w.plan().copy();
      Plan later = w.plan().copy();
      PlanningContext ctx =
          PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(w.policy(), told.stepSeconds()));
      for (ReservationRequest r : w.requests()) {
        Decision a = p.place(told, r, ctx);
        Decision b = p.place(later, r, ctx.withoutDiagnosis());
        String at = "seed " + seed + ", " + name + ", " + r.id();
        assertThat(b.accepted()).as(at).isEqualTo(a.accepted());
        if (a.accepted()) {
          assertThat(b.allocation()).as(at).isEqualTo(a.allocation());
          told.add(r, a.allocation());
          later.add(r, b.allocation());
        } else if (repairable(a.rejection())) {
          assertThat(repairable(b.rejection())).as(at).isTrue();
        } else {
          assertThat(b.rejection()).as(at).isEqualTo(a.rejection());
        }
      }
    }
  }

  private static boolean repairable(Rejection r) {
    return r.code() == Rejection.Code.CAPACITY
        || r.code() == Rejection.Code.GANG_OR_LEASE
        || r.code() == Rejection.Code.POLICY;
  }

  /**
   * 16 bundles of (1 GB, 1 vcore) at once for 10 steps inside [0, 50), on a node of 8: it fits
   * nowhere.
   */
  private static ReservationRequest fitsNowhere() {
    return new ReservationRequest(
        "big",
        null,
        "u0",
        "default",
        Rdl.window(Rdl.atom(Resources.of(1024, 1), 16, 16, 10, 160), 0, 50),
        0,
        0);
  }

  /**
   * A request that fits nowhere, placed without diagnosis: its rejection does not name the resource
   * that is short (the diagnosis is left out) but stays repairable, and the decision is the same.
   */
  @Test
  void withoutDiagnosisARejectionStaysRepairable() {
    Plan plan = Plan.empty(Resources.of(8192, 8), 100, 60);
    ReservationRequest big = fitsNowhere();
    Planner p = Planners.byName("greel-plus");
    Decision told = p.place(plan, big, PlanningContext.DEFAULT);
    Decision later = p.place(plan, big, PlanningContext.DEFAULT.withoutDiagnosis());
    assertThat(later.accepted()).isFalse();
    assertThat(later.rejection().message()).isNotEqualTo(told.rejection().message());
    assertThat(later.rejection().code()).isEqualTo(Rejection.Code.CAPACITY);
    assertThat(told.rejection().code()).isIn(Rejection.Code.CAPACITY, Rejection.Code.GANG_OR_LEASE);
  }

  /**
   * A request that fits nowhere: asked for reasons, greel-plus's rejection names the resource that
   * is short; asked for none, it says only that no placement was found, and the decision is the
   * same.
   */
  @Test
  void withoutReasonsARejectionIsNotDiagnosed() {
    Plan plan = Plan.empty(Resources.of(8192, 8), 100, 60);
    ReservationRequest big = fitsNowhere();
    Planner p = Planners.byName("greel-plus");
    Decision told = p.place(plan, big, PlanningContext.DEFAULT);
    Decision quiet = p.place(plan, big, PlanningContext.DEFAULT.withoutReasons());
    assertThat(told.accepted()).isFalse();
    assertThat(quiet.accepted()).isFalse();
    assertThat(told.rejection().message()).isNotEqualTo(quiet.rejection().message());
    assertThat(quiet.rejection().message()).isEqualTo("no placement found");
    assertThat(told.rejection().code()).isIn(Rejection.Code.CAPACITY, Rejection.Code.GANG_OR_LEASE);
  }

  @Test
  void withoutReasonsIsKeptByTheOtherWithers() {
    PlanningContext quiet = PlanningContext.DEFAULT.withoutReasons();
    assertThat(PlanningContext.DEFAULT.reasonsRead()).isTrue();
    assertThat(quiet.reasonsRead()).isFalse();
    assertThat(quiet.withPolicy(null).reasonsRead()).isFalse();
    assertThat(quiet.withoutReasons()).isSameAs(quiet);
    assertThat(quiet.diagnosed()).isTrue();
    PlanningContext later = PlanningContext.DEFAULT.withoutDiagnosis();
    assertThat(PlanningContext.DEFAULT.diagnosed()).isTrue();
    assertThat(later.diagnosed()).isFalse();
    assertThat(later.reasonsRead()).isTrue();
    assertThat(later.withPolicy(null).diagnosed()).isFalse();
    assertThat(later.withoutReasons().diagnosed()).isFalse();
    assertThat(later.withoutDiagnosis()).isSameAs(later);
  }
}
