package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.planners.Planners;
import io.rayon.engine.reservation.PlanningRun;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnReservation;
import io.rayon.model.live.YarnReservationDefinition;
import io.rayon.model.live.YarnStage;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code rayon yarn export --pinned}: the plan's allocation as an R_ORDER_NO_GAP definition of gang
 * stages. The round trip reads the definition back with the model's own reading of a pinned YARN
 * definition ({@link YarnReservationDefinition#pinnedAllocations()}) and YARN's allocation → plan
 * mapping ({@link YarnReservation#allocation}), and compares with the plan step by step.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YarnPinnedTranslatorTest {
  static final long ORIGIN = 1_800_000_000_000L;
  static final long STEP_SECONDS = 60;
  static final Resources[] BUNDLES = {
    Resources.of(1024, 1), Resources.of(2048, 2), Resources.of(3072, 1)
  };
  final YarnPinnedTranslator pinner = new YarnPinnedTranslator(STEP_SECONDS);
  final ReservationRequest request = request("p");

  Scenario swim;
  PlanningRun swimPlan;

  @BeforeAll
  void planSwim() throws Exception {
    swim = ScenarioIO.read(SampleScenarios.sample("swim-256.json"));
    swimPlan = PlanningRun.run(swim, Planners.byName("gree"), swim.sharingPolicy());
  }

  static ReservationRequest request(String id) {
    try {
      return ReservationRequest.of(
          id, RdlParser.parse("window(atom(<1024,1>,1,10,1,10),0,100)", "test"));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The plan's allocation as YARN must hold the pinned definition, on plan steps. */
  static TreeMap<Long, Resources> yarnSkyline(YarnReservationDefinition def, long horizon) {
    YarnReservation y =
        new YarnReservation("reservation_1_0001", "q", "u", 0, def, def.pinnedAllocations());
    return y.allocation(ORIGIN, STEP_SECONDS * 1000, horizon).skyline();
  }

  @Test
  void aPlannedRunOfGangsBecomesOneStagePerRunWithTheAllocationsEnds() {
    ReservationAllocation a =
        new ReservationAllocation(
            "p",
            List.of(
                new AtomAllocation(
                    "0", BUNDLES[0], List.of(new Step(10, 13, 2), new Step(13, 15, 4))),
                new AtomAllocation("1", BUNDLES[0], List.of(new Step(15, 16, 1)))));
    YarnTranslation t = pinner.pin(request, Decision.accept(a), ORIGIN, "dedicated");
    assertThat(t.problems()).isEmpty();
    YarnReservationDefinition d = t.definition();
    assertThat(d.interpreter()).isEqualTo(YarnInterpreter.R_ORDER_NO_GAP);
    assertThat(d.arrival()).isEqualTo(ORIGIN + 10 * 60_000L);
    assertThat(d.deadline()).isEqualTo(ORIGIN + 16 * 60_000L);
    assertThat(d.stages())
        .containsExactly(
            new YarnStage(BUNDLES[0], 2, 2, 3 * 60_000L),
            new YarnStage(BUNDLES[0], 4, 4, 2 * 60_000L),
            new YarnStage(BUNDLES[0], 1, 1, 60_000L));
    assertThat(d.isPinned()).isTrue();
    assertThat(yarnSkyline(d, 100)).isEqualTo(a.skyline());
    assertThat(t.queue()).isEqualTo("dedicated");
  }

  @Test
  void whatCannotBePinnedIsRefusedWithTheReason() {
    YarnTranslation rejected =
        pinner.pin(
            request,
            Decision.reject("p", Rejection.of(Rejection.Code.CAPACITY, "", "no room")),
            ORIGIN,
            null);
    assertThat(rejected.ok()).isFalse();
    assertThat(rejected.problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .contains("the plan rejected it")
                    .contains("no room")
                    .contains("without --pinned"));
    assertThat(pinner.pin(request, null, ORIGIN, null).problems().get(0).message())
        .contains("no decision");

    ReservationAllocation gap =
        new ReservationAllocation(
            "p",
            List.of(
                new AtomAllocation(
                    "0", BUNDLES[0], List.of(new Step(10, 12, 1), new Step(14, 15, 1)))));
    assertThat(pinner.pin(request, Decision.accept(gap), ORIGIN, null).problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .contains("during steps [12,14)")
                    .contains("R_ORDER_NO_GAP"));

    ReservationAllocation mixed =
        new ReservationAllocation(
            "p",
            List.of(
                new AtomAllocation("0", BUNDLES[0], List.of(new Step(10, 12, 1))),
                new AtomAllocation("1", BUNDLES[2], List.of(new Step(11, 12, 1)))));
    assertThat(pinner.pin(request, Decision.accept(mixed), ORIGIN, null).problems())
        .singleElement()
        .satisfies(
            p -> assertThat(p.message()).contains("steps [11,12)").contains("one container size"));
  }

  @Test
  void bundlesThatAreMultiplesOfTheSmallestShareOneStageWithAWarning() {
    ReservationAllocation a =
        new ReservationAllocation(
            "p",
            List.of(
                new AtomAllocation("0", BUNDLES[0], List.of(new Step(0, 2, 1))),
                new AtomAllocation("1", BUNDLES[1], List.of(new Step(0, 2, 3)))));
    YarnTranslation t = pinner.pin(request, Decision.accept(a), ORIGIN, null);
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().stages())
        .containsExactly(new YarnStage(BUNDLES[0], 7, 7, 2 * 60_000L));
    assertThat(t.warnings())
        .singleElement()
        .satisfies(w -> assertThat(w).contains("steps [0,2)").contains("7 containers"));
    assertThat(yarnSkyline(t.definition(), 100)).isEqualTo(a.skyline());
  }

  /** One generated segment of a plan: how long, and how many bundles each of two atoms holds. */
  record Segment(int length, int countA, int countB) {}

  @Provide
  Arbitrary<Segment> segments() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 6),
            Arbitraries.integers().between(0, 4),
            Arbitraries.integers().between(0, 3).map(x -> Math.max(0, x - 1)))
        .as(Segment::new);
  }

  /**
   * Over generated plans of two atoms: the pinned export is refused exactly when the allocation has
   * a gap or holds bundle sizes at once that no one of them divides; otherwise YARN's only
   * placement of the exported definition is the plan's allocation, step for step.
   */
  @Property(tries = 400)
  void pinnedExportRoundTripsToThePlansAllocation(
      @ForAll @Size(min = 1, max = 12) List<@From("segments") Segment> segs,
      @ForAll @IntRange(min = 0, max = 2) int bundleA,
      @ForAll @IntRange(min = 0, max = 2) int bundleB,
      @ForAll @IntRange(min = 0, max = 500) int offset) {
    List<Step> a = new ArrayList<>();
    List<Step> b = new ArrayList<>();
    long t = offset;
    for (Segment s : segs) {
      a.add(new Step(t, t + s.length(), s.countA()));
      b.add(new Step(t, t + s.length(), s.countB()));
      t += s.length();
    }
    ReservationAllocation alloc =
        new ReservationAllocation(
            "p",
            List.of(
                new AtomAllocation("0", BUNDLES[bundleA], a),
                new AtomAllocation("1", BUNDLES[bundleB], b)));
    YarnTranslation tr = pinner.pin(request, Decision.accept(alloc), ORIGIN, null);

    // The oracle, from the segments alone.
    int first = -1;
    int last = -1;
    for (int i = 0; i < segs.size(); i++) {
      if (segs.get(i).countA() + segs.get(i).countB() > 0) {
        if (first < 0) first = i;
        last = i;
      }
    }
    boolean empty = first < 0;
    boolean gap = false;
    boolean clash = false;
    boolean divides =
        bundleA == bundleB
            || YarnPinnedTranslator.multiple(BUNDLES[bundleA], BUNDLES[bundleB]) > 0
            || YarnPinnedTranslator.multiple(BUNDLES[bundleB], BUNDLES[bundleA]) > 0;
    for (int i = Math.max(first, 0); i <= last; i++) {
      Segment s = segs.get(i);
      if (s.countA() + s.countB() == 0) gap = true;
      if (s.countA() > 0 && s.countB() > 0 && !divides) clash = true;
    }
    if (empty || gap || clash) {
      assertThat(tr.ok()).isFalse();
      assertThat(tr.problems()).allSatisfy(p -> assertThat(p.construct()).isEqualTo("plan"));
      if (gap)
        assertThat(tr.problems())
            .anyMatch(p -> p.message().contains("holds nothing for it during steps"));
      if (clash)
        assertThat(tr.problems()).anyMatch(p -> p.message().contains("one container size"));
      return;
    }
    assertThat(tr.problems()).isEmpty();
    YarnReservationDefinition def = tr.definition();
    assertThat(def.isPinned()).isTrue();
    assertThat(def.arrival()).isEqualTo(ORIGIN + alloc.start() * STEP_SECONDS * 1000);
    assertThat(def.deadline()).isEqualTo(ORIGIN + alloc.end() * STEP_SECONDS * 1000);
    assertThat(yarnSkyline(def, t + 10)).isEqualTo(alloc.skyline());
  }

  @Test
  void everyReservationOfTheDefaultSamplePinsToItsGreePlanExactly() {
    Map<String, Decision> byId = new HashMap<>();
    for (Decision d : swimPlan.decisions()) byId.put(d.reservationId(), d);
    int pinned = 0;
    for (ReservationRequest r : swim.reservations()) {
      Decision d = byId.get(r.id());
      YarnTranslation t = pinner.pin(r, d, ORIGIN, null);
      if (!d.accepted()) {
        assertThat(t.problems())
            .singleElement()
            .satisfies(p -> assertThat(p.message()).contains("the plan rejected it"));
        continue;
      }
      assertThat(t.problems()).as(r.id()).isEmpty();
      assertThat(yarnSkyline(t.definition(), swim.horizonSteps()))
          .as(r.id())
          .isEqualTo(d.allocation().skyline());
      pinned++;
    }
    assertThat(pinned).isEqualTo(swim.reservations().size());
  }

  @Test
  void everyReservationOfTheDefaultSampleIsExportedRelaxedWithItsWarningsNamed() {
    YarnReservationTranslator tr =
        new YarnReservationTranslator(swim.stepSeconds(), swim.horizonSteps());
    int relaxed = 0;
    for (ReservationRequest r : swim.reservations()) {
      YarnTranslation t = tr.translate(r, ORIGIN, null);
      assertThat(t.problems()).as(r.id()).isEmpty();
      assertThat(t.warnings()).allSatisfy(w -> assertThat(w).startsWith("atom at path "));
      if (!t.warnings().isEmpty()) relaxed++;
      // the stages hold exactly the RDL's work, resource by resource
      Resources want = Resources.ZERO;
      for (Rdl.Atom leaf : atoms(r.rdl(), new ArrayList<>()))
        want = want.plus(leaf.bundle().times(leaf.work()));
      Resources got = Resources.ZERO;
      for (YarnStage st : t.definition().stages())
        got = got.plus(st.capability().times(st.containerMillis() / tr.stepMs()));
      assertThat(got).as(r.id()).isEqualTo(want);
    }
    assertThat(relaxed).isEqualTo(swim.reservations().size());
  }

  static List<Rdl.Atom> atoms(Rdl e, List<Rdl.Atom> out) {
    if (e instanceof Rdl.Atom a) out.add(a);
    for (Rdl c : e instanceof Rdl.Atom ? List.<Rdl>of() : e.children()) atoms(c, out);
    return out;
  }

  @Test
  void anExportedSubmissionReadsBack() {
    ReservationAllocation a =
        new ReservationAllocation(
            "p", List.of(new AtomAllocation("0", BUNDLES[1], List.of(new Step(3, 5, 2)))));
    YarnTranslation t = pinner.pin(request, Decision.accept(a), ORIGIN, "dedicated");
    var body = YarnRequests.submission(null, t.queue(), t.definition());
    YarnRequests.Submission back = YarnRequests.parseSubmission(body);
    assertThat(back.queue()).isEqualTo("dedicated");
    assertThat(back.reservationId()).isNull();
    assertThat(back.definition()).isEqualTo(t.definition());
    var broken = body.deepCopy();
    broken.remove("reservation-definition");
    Assertions.assertThatThrownBy(() -> YarnRequests.parseSubmission(broken))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("$.reservation-definition");
  }
}
