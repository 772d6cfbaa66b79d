package io.rayon.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.live.YarnInterpreter;
import io.rayon.model.live.YarnStage;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class YarnReservationTranslatorTest {
  static final long ORIGIN = 1_800_000_000_000L;
  final YarnReservationTranslator tr = new YarnReservationTranslator(60, 1440);

  YarnTranslation translate(String rdl) throws Exception {
    return tr.translate(
        ReservationRequest.of("r", RdlParser.parse(rdl, "test")), ORIGIN, "dedicated");
  }

  @Test
  void anAtomBecomesOneStageWithContainersGangAndDuration() throws Exception {
    YarnTranslation t = translate("window(atom(<8192,4>,1,10,240,2400),0,800)");
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ALL);
    assertThat(t.definition().stages())
        .containsExactly(new YarnStage(Resources.of(8192, 4), 10, 1, 240 * 60_000L));
    assertThat(t.definition().arrival()).isEqualTo(ORIGIN);
    assertThat(t.definition().deadline()).isEqualTo(ORIGIN + 800 * 60_000L);
    assertThat(t.queue()).isEqualTo("dedicated");
  }

  @Test
  void operatorsPickTheInterpreter() throws Exception {
    assertThat(
            translate("window(all(atom(<1024,1>,1,4,2,8),atom(<2048,1>,2,2,3,6)),0,100)")
                .definition()
                .interpreter())
        .isEqualTo(YarnInterpreter.R_ALL);
    assertThat(
            translate("window(any(atom(<1024,1>,1,4,2,8),atom(<2048,1>,2,2,3,6)),0,100)")
                .definition()
                .interpreter())
        .isEqualTo(YarnInterpreter.R_ANY);
    assertThat(
            translate("window(order(atom(<1024,1>,1,4,2,8),atom(<2048,1>,2,2,3,6)),0,100)")
                .definition()
                .interpreter())
        .isEqualTo(YarnInterpreter.R_ORDER);
  }

  @Test
  void anOrderOfSingleGangsThatFillsTheWindowHasNoGap() throws Exception {
    YarnTranslation t =
        translate("window(order(atom(<1024,1>,4,4,2,8),atom(<2048,1>,2,2,3,6)),10,15)");
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER_NO_GAP);
    assertThat(t.notes()).anyMatch(n -> n.contains("R_ORDER_NO_GAP"));
  }

  @Test
  void nestedOrdersAndNestedWindowsAreFlattenedWithNotes() throws Exception {
    YarnTranslation t =
        translate(
            "window(window(order(atom(<1024,1>,1,1,2,2),order(atom(<1024,1>,1,1,2,2),atom(<1024,1>,1,1,2,2))),0,50),10,100)");
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().stages()).hasSize(3);
    assertThat(t.windowStartStep()).isEqualTo(10);
    assertThat(t.windowFinishStep()).isEqualTo(50);
    assertThat(t.notes())
        .anyMatch(n -> n.contains("inlined"))
        .anyMatch(n -> n.contains("intersected"));
  }

  @Test
  void equalWindowsOnEveryStageMoveToTheReservation() throws Exception {
    YarnTranslation t =
        translate("all(window(atom(<1024,1>,1,2,2,4),5,20),window(atom(<1024,1>,1,2,2,4),5,20))");
    assertThat(t.ok()).isTrue();
    assertThat(t.windowStartStep()).isEqualTo(5);
    assertThat(t.windowFinishStep()).isEqualTo(20);
  }

  @Test
  void aStageWindowNarrowerThanTheReservationsCannotBeExpressed() throws Exception {
    YarnTranslation t =
        translate("window(all(window(atom(<1024,1>,1,2,2,4),5,20),atom(<1024,1>,1,2,2,4)),0,100)");
    assertThat(t.ok()).isFalse();
    assertThat(t.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.construct()).isEqualTo("window");
              assertThat(p.path()).isEqualTo("0.0");
              assertThat(p.message()).contains("one window per reservation");
            });
  }

  @Test
  void deeperNestingNamesTheConstructAndItsPath() throws Exception {
    YarnTranslation t =
        translate(
            "window(order(all(atom(<1024,1>,1,1,2,2),atom(<1024,1>,1,1,2,2)),atom(<1024,1>,1,1,2,2)),0,100)");
    assertThat(t.ok()).isFalse();
    assertThat(t.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.construct()).isEqualTo("all");
              assertThat(p.path()).isEqualTo("0.0");
              assertThat(p.toString()).contains("nested inside order").contains("Maybe split it");
            });
  }

  @Test
  void aParallelismCapBelowTheContainerCountIsRelaxedWithAWarning() throws Exception {
    YarnTranslation t = translate("window(atom(<1024,1>,1,2,6,60),0,100)");
    assertThat(t.ok()).isTrue();
    assertThat(t.problems()).isEmpty();
    assertThat(t.definition().stages())
        .containsExactly(new YarnStage(Resources.of(1024, 1), 10, 1, 6 * 60_000L));
    assertThat(t.warnings())
        .singleElement()
        .satisfies(
            w ->
                assertThat(w)
                    .startsWith("atom at path 0:")
                    .contains("max parallelism h=2 relaxed to 10")
                    .contains("no parallelism cap"));
  }

  @Test
  void leftoverGangStepsBecomeOneLongerGangSoTheWorkIsExact() throws Exception {
    // w=13, l=6: two gangs of 6 steps would be 12, three 18; sent as one gang of 6 and one of 7
    // steps
    YarnTranslation t = translate("window(atom(<1024,1>,1,10,6,13),0,100)");
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ALL);
    assertThat(t.definition().stages())
        .containsExactly(
            new YarnStage(Resources.of(1024, 1), 1, 1, 6 * 60_000L),
            new YarnStage(Resources.of(1024, 1), 1, 1, 7 * 60_000L));
    assertThat(t.warnings()).isEmpty();
    assertThat(t.notes()).anyMatch(n -> n.contains("one gang of 1 held 7 steps"));
    // gang 2, w=8, l=3: four gang-steps, one gang of 2 held 4 steps
    assertThat(translate("window(atom(<1024,1>,2,10,3,8),0,100)").definition().stages())
        .containsExactly(new YarnStage(Resources.of(1024, 1), 2, 2, 4 * 60_000L));
  }

  @Test
  void underOrderTheLongerGangFollowsTheOthersWithAWarning() throws Exception {
    YarnTranslation t =
        translate("window(order(atom(<1024,1>,1,10,6,13),atom(<2048,1>,1,1,2,2)),0,100)");
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().interpreter()).isEqualTo(YarnInterpreter.R_ORDER);
    assertThat(t.definition().stages()).hasSize(3);
    assertThat(t.warnings())
        .singleElement()
        .satisfies(w -> assertThat(w).startsWith("atom at path 0.0:").contains("tighter than RDL"));
  }

  @Test
  void onlyWhatWouldChangeTheMeaningIsRefused() throws Exception {
    assertThat(translate("window(atom(<1024,1>,2,10,3,9),0,100)").problems().get(0).message())
        .contains("work w=9 is not a multiple of the gang g=2")
        .contains("Maybe use w=10");
    assertThat(translate("window(atom(<1024,1>,2,10,3,4),0,100)").problems().get(0).message())
        .contains("less than one gang of g=2 held for the min lease l=3")
        .contains("Maybe use w=6");
    YarnTranslation any =
        translate("window(any(atom(<1024,1>,1,10,6,13),atom(<1024,1>,1,1,2,2)),0,100)");
    assertThat(any.ok()).isFalse();
    assertThat(any.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.path()).isEqualTo("0.0");
              assertThat(p.message()).contains("under any(...)").contains("Maybe use w=12 or w=18");
            });
  }

  @Test
  void extraResourcesCannotBeSent() throws Exception {
    assertThat(translate("window(atom(<1024,1,gpu=1>,1,1,2,2),0,100)").problems().get(0).message())
        .contains("[gpu]");
  }

  @Test
  void withoutAWindowTheReservationUsesArrivalToHorizon() {
    ReservationRequest r =
        new ReservationRequest(
            "r", "r", "u", "dedicated", Rdl.atom(Resources.of(1024, 1), 1, 1, 2, 2), 0, 30);
    YarnTranslation t = tr.translate(r, ORIGIN, null);
    assertThat(t.windowStartStep()).isEqualTo(30);
    assertThat(t.windowFinishStep()).isEqualTo(1440);
    assertThat(t.queue()).isEqualTo("dedicated");
  }

  @Test
  void aWindowTooShortForTheOrderedStagesIsAProblem() throws Exception {
    assertThat(
            translate("window(order(atom(<1024,1>,1,1,5,5),atom(<1024,1>,1,1,5,5)),0,8)")
                .problems()
                .get(0)
                .message())
        .contains("shorter than the 10 steps");
  }

  /** Translating an expressible atom and reading it back gives the same atom and window. */
  @Property(tries = 200)
  void expressibleAtomsRoundTripThroughYarn(
      @ForAll @IntRange(min = 1, max = 64) int memGb,
      @ForAll @IntRange(min = 1, max = 8) int vcores,
      @ForAll @IntRange(min = 1, max = 8) int gang,
      @ForAll @IntRange(min = 1, max = 10) int gangs,
      @ForAll @IntRange(min = 0, max = 5) int extraParallelism,
      @ForAll @IntRange(min = 1, max = 50) int lease,
      @ForAll @IntRange(min = 0, max = 500) int start,
      @ForAll @IntRange(min = 0, max = 500) int slack) {
    int n = gang * gangs;
    Rdl.Atom a =
        Rdl.atom(
            Resources.of(memGb * 1024L, vcores),
            gang,
            n + extraParallelism,
            lease,
            (long) n * lease);
    Rdl in = Rdl.window(a, start, start + lease + slack);
    YarnTranslation t = tr.translate(ReservationRequest.of("p", in), ORIGIN, "q");
    assertThat(t.problems()).isEmpty();
    YarnStage st = t.definition().stages().get(0);
    assertThat((long) st.numContainers() * st.durationMs()).isEqualTo(a.work() * tr.stepMs());
    assertThat(st.numContainers() % st.minConcurrency()).isZero();
    Rdl back = tr.toRdl(t.definition(), ORIGIN);
    assertThat(back)
        .isEqualTo(
            Rdl.window(
                Rdl.atom(a.bundle(), gang, n, lease, (long) n * lease),
                start,
                start + lease + slack));
  }

  /**
   * An atom whose parallelism cap is below w/l is always sent, relaxed, with a warning naming its
   * path.
   */
  @Property(tries = 100)
  void aParallelismCapBelowTheContainerCountIsAlwaysRelaxedWithItsPath(
      @ForAll @IntRange(min = 1, max = 5) int h,
      @ForAll @IntRange(min = 1, max = 5) int extra,
      @ForAll @IntRange(min = 1, max = 20) int lease,
      @ForAll @IntRange(min = 0, max = 3) int position) {
    int n = h + extra;
    Rdl relaxed = Rdl.atom(Resources.of(1024, 1), 1, h, lease, (long) n * lease);
    List<Rdl> kids = new ArrayList<>();
    for (int i = 0; i < 4; i++)
      kids.add(i == position ? relaxed : Rdl.atom(Resources.of(1024, 1), 1, 1, 1, 1));
    Rdl in = Rdl.window(new Rdl.All(kids), 0, 1000);
    YarnTranslation t = tr.translate(ReservationRequest.of("p", in), ORIGIN, "q");
    assertThat(t.ok()).isTrue();
    assertThat(t.definition().stages().get(position))
        .isEqualTo(new YarnStage(Resources.of(1024, 1), n, 1, lease * tr.stepMs()));
    assertThat(t.warnings())
        .singleElement()
        .satisfies(
            w ->
                assertThat(w)
                    .startsWith("atom at path 0." + position + ":")
                    .contains("h=" + h + " relaxed to " + n));
  }

  /**
   * Every satisfiable atom is sent, and YARN's stages hold exactly its work, in whole gangs, each
   * for at least its min lease; the cap is relaxed (with a warning) only when it is below what YARN
   * may hold at once.
   */
  @Property(tries = 300)
  void everySatisfiableAtomIsSentWithExactlyItsWork(
      @ForAll @IntRange(min = 1, max = 4) int gang,
      @ForAll @IntRange(min = 1, max = 12) int lease,
      @ForAll @IntRange(min = 0, max = 60) int extraGangSteps,
      @ForAll @IntRange(min = 1, max = 40) int h,
      @ForAll boolean ordered) {
    long w = (long) gang * (lease + extraGangSteps);
    Rdl.Atom a = Rdl.atom(Resources.of(2048, 1), gang, Math.max(gang, h), lease, w);
    Rdl body = ordered ? Rdl.order(a, Rdl.atom(Resources.of(1024, 1), 1, 1, 1, 1)) : a;
    YarnTranslation t =
        tr.translate(ReservationRequest.of("p", Rdl.window(body, 0, 100_000)), ORIGIN, "q");
    assertThat(t.problems()).isEmpty();
    long containerMs = 0;
    long most = 0;
    for (YarnStage st : t.definition().stages()) {
      if (!st.capability().equals(a.bundle())) continue;
      assertThat(st.minConcurrency()).isEqualTo(gang);
      assertThat(st.numContainers() % gang).isZero();
      assertThat(st.durationMs()).isGreaterThanOrEqualTo(lease * tr.stepMs());
      containerMs += st.containerMillis();
      most = ordered ? Math.max(most, st.numContainers()) : most + st.numContainers();
    }
    assertThat(containerMs).isEqualTo(w * tr.stepMs());
    assertThat(t.warnings().stream().anyMatch(x -> x.contains("relaxed")))
        .isEqualTo(a.maxParallelism() < most);
  }
}
