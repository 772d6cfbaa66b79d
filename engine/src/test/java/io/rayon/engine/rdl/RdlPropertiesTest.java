package io.rayon.engine.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.io.Json;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties of the RDL text form, JSON form and compiler over generated expressions. */
class RdlPropertiesTest {

  @Provide
  Arbitrary<Rdl> valid() {
    return RdlGenerators.expressions();
  }

  @Provide
  Arbitrary<Rdl> anything() {
    return RdlGenerators.expressions(RdlGenerators.Config.DEFAULT.withValidOnly(false));
  }

  @Provide
  Arbitrary<Rdl.Atom> gangAtoms() {
    return RdlGenerators.atoms(RdlGenerators.Config.DEFAULT.withValues(6, 6, 8, 30))
        .filter(a -> a.gang() > 1 && a.work() > 0);
  }

  @Property(tries = 300)
  void parsingPrintedTextGivesTheSameExpression(@ForAll("anything") Rdl e) throws Exception {
    assertThat(RdlParser.parse(RdlPrinter.print(e))).isEqualTo(e);
  }

  @Property(tries = 300)
  void printingParsedTextGivesTheSameText(@ForAll("anything") Rdl e) throws Exception {
    String text = RdlPrinter.print(e);
    assertThat(RdlPrinter.print(RdlParser.parse(text))).isEqualTo(text);
    assertThat(RdlParser.parse(RdlPrinter.pretty(e))).isEqualTo(e);
  }

  @Property(tries = 200)
  void jsonTreeFormRoundTrips(@ForAll("anything") Rdl e) throws Exception {
    String json = Json.mapper().writeValueAsString(e);
    assertThat(Json.mapper().readValue(json, Rdl.class)).isEqualTo(e);
  }

  @Property(tries = 300)
  void generatedValidExpressionsPassValidation(@ForAll("valid") Rdl e) {
    assertThat(RdlCompiler.validate(e, null)).isEmpty();
  }

  @Property(tries = 300)
  void infeasibilitiesAreExactlyTheCompilersWindowAndAlternativeProblems(@ForAll("valid") Rdl e) {
    List<RdlProblem> fromCompile = new ArrayList<>();
    for (RdlProblem p : RdlCompiler.compile(e).problems()) {
      if (p.code() == RdlProblem.Code.WINDOW_TOO_SHORT
          || p.code() == RdlProblem.Code.NO_FEASIBLE_ALTERNATIVE) fromCompile.add(p);
    }
    List<RdlProblem> direct = new ArrayList<>();
    for (RdlProblem p : RdlCompiler.infeasibilities(e)) {
      if (p.code() == RdlProblem.Code.WINDOW_TOO_SHORT
          || p.code() == RdlProblem.Code.NO_FEASIBLE_ALTERNATIVE) direct.add(p);
    }
    assertThat(direct).isEqualTo(fromCompile);
    assertThat(RdlCompiler.compile(e).feasible())
        .isEqualTo(RdlCompiler.infeasibilities(e).isEmpty());
  }

  @Property(tries = 400)
  void normalizationIsIdempotent(@ForAll("valid") Rdl e) {
    Rdl n = RdlCompiler.normalize(e);
    assertThat(RdlCompiler.normalize(n)).isEqualTo(n);
  }

  @Property(tries = 400)
  void normalizationPreservesWorkDurationAndFeasibility(@ForAll("valid") Rdl e) {
    Rdl n = RdlCompiler.normalize(e);
    assertThat(RdlCompiler.work(n)).isEqualTo(RdlCompiler.work(e));
    assertThat(RdlCompiler.minDuration(n)).isEqualTo(RdlCompiler.minDuration(e));
    assertThat(RdlCompiler.compile(n).feasible()).isEqualTo(RdlCompiler.compile(e).feasible());
  }

  /** One node: small bundles fit several times, the GPU bundle once, so some gangs do not fit. */
  static final Cluster ONE_NODE =
      Cluster.of("one", NodeGroup.of("n", 1, Resources.of(16384, 8, Map.of("gpu", 1L))));

  @Property(tries = 300)
  void normalizationKeepsExpressionsValidAndFeasibilityOnACluster(@ForAll("valid") Rdl e) {
    Rdl n = RdlCompiler.normalize(e);
    assertThat(RdlCompiler.validate(n, ONE_NODE)).isEmpty();
    assertThat(RdlCompiler.compile(n, ONE_NODE).feasible())
        .isEqualTo(RdlCompiler.compile(e, ONE_NODE).feasible());
  }

  @Property(tries = 400)
  void normalizationPreservesEachAlternativesMinimalDuration(@ForAll("valid") Rdl e) {
    assertThat(alternativeDurations(RdlCompiler.normalize(e))).isEqualTo(alternativeDurations(e));
  }

  @Property(tries = 200)
  void normalizedExpressionsHaveWindowsOnlyAroundAtomsAndNoNestedSameOperators(
      @ForAll("valid") Rdl e) {
    assertShape(RdlCompiler.normalize(e));
  }

  @Property(tries = 300)
  void rigidGangRewriteYieldsOnlyRigidAtomsWithTheSameWork(@ForAll("gangAtoms") Rdl.Atom a) {
    Rdl r = RdlCompiler.rigidGang(a, 8);
    assertThat(RdlCompiler.work(r)).isEqualTo(a.work());
    assertThat(RdlCompiler.minDuration(r)).isGreaterThanOrEqualTo(RdlCompiler.minDuration(a));
    assertThat(RdlCompiler.validate(r, null)).isEmpty();
    List<Rdl.Atom> atoms = new ArrayList<>();
    collectAtoms(r, atoms);
    for (Rdl.Atom x : atoms) {
      assertThat(x.isRigid()).as(x.toString()).isTrue();
      assertThat(x.gang()).isEqualTo(a.gang());
      assertThat(x.minLease()).isGreaterThanOrEqualTo(a.minLease());
    }
    // lanes run side by side: no more than h/g gangs at once
    int lanes = r instanceof Rdl.All ? r.children().size() : 1;
    assertThat((long) lanes * a.gang()).isLessThanOrEqualTo(a.maxParallelism());
  }

  /**
   * Minimal durations of the alternatives reached through any (looking through windows and
   * single-child operators).
   */
  static List<Long> alternativeDurations(Rdl e) {
    List<Long> out = new ArrayList<>();
    alternatives(e, out);
    Collections.sort(out);
    return out;
  }

  private static void alternatives(Rdl e, List<Long> out) {
    if (e instanceof Rdl.Window w) {
      alternatives(w.expr(), out);
    } else if (e instanceof Rdl.Any) {
      for (Rdl c : e.children()) alternatives(c, out);
    } else if (!(e instanceof Rdl.Atom) && e.children().size() == 1) {
      alternatives(e.children().get(0), out);
    } else {
      out.add(RdlCompiler.minDuration(e));
    }
  }

  private static void assertShape(Rdl e) {
    if (e instanceof Rdl.Window w) {
      if (w.expr() instanceof Rdl.Window inner) {
        // only disjoint windows stay nested
        assertThat(Math.max(w.start(), inner.start()))
            .isGreaterThanOrEqualTo(Math.min(w.finish(), inner.finish()));
        assertShape(inner);
      } else if (!(w.expr() instanceof Rdl.Atom)) {
        assertThat(w.expr()).isInstanceOf(Rdl.Window.class);
      }
      return;
    }
    for (Rdl c : e.children()) {
      assertThat(c.getClass()).isNotEqualTo(e.getClass());
      assertShape(c);
    }
    if (!(e instanceof Rdl.Atom)) assertThat(e.children()).hasSizeGreaterThan(1);
  }

  private static void collectAtoms(Rdl e, List<Rdl.Atom> out) {
    if (e instanceof Rdl.Atom a) out.add(a);
    for (Rdl c : e.children()) collectAtoms(c, out);
  }
}
