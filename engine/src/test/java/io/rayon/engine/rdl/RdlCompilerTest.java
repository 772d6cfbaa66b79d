package io.rayon.engine.rdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.engine.rdl.RdlProblem.Code;
import io.rayon.model.cluster.Cluster;
import io.rayon.model.cluster.NodeGroup;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.resources.Resources;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class RdlCompilerTest {

  static final Cluster SMALL = Cluster.of("small", NodeGroup.of("n", 4, Resources.of(8192, 8)));

  static Rdl rdl(String text) {
    try {
      return RdlParser.parse(text);
    } catch (RdlParseException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }

  static List<Code> codes(CompileResult r) {
    return r.problems().stream().map(RdlProblem::code).toList();
  }

  @Test
  void pipelineOfFigure9IsFeasibleWithSummedDuration() {
    CompileResult r =
        RdlCompiler.compile(
            rdl(
                "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),atom(<1024,1>,1,15,120,1800)),0,800)"));
    assertThat(r.feasible()).isTrue();
    assertThat(r.problems()).isEmpty();
    assertThat(r.work()).isEqualTo(6600);
    assertThat(r.minDuration()).isEqualTo(240 + 120 + 120);
  }

  @Test
  void atomDurationUsesWholeGangsAndTheLease() {
    // floor(10/3)*3 = 9 bundles at once: ceil(90/9) = 10 steps, but lease 12 dominates
    assertThat(RdlCompiler.minDuration(rdl("atom(<1,1>,3,10,1,90)"))).isEqualTo(10);
    assertThat(RdlCompiler.minDuration(rdl("atom(<1,1>,3,10,12,90)"))).isEqualTo(12);
    assertThat(RdlCompiler.minDuration(rdl("atom(<1,1>,1,10,1,0)"))).isZero();
  }

  @Test
  void operatorsCombineDurationsAndWork() {
    Rdl e =
        rdl(
            "any(all(atom(<1,1>,1,1,1,5),atom(<1,1>,1,1,1,7)),order(atom(<1,1>,1,1,1,2),atom(<1,1>,1,1,1,2)))");
    assertThat(RdlCompiler.minDuration(e)).isEqualTo(4); // min(max(5,7), 2+2)
    assertThat(RdlCompiler.work(e)).isEqualTo(12); // max(12, 4)
  }

  @Test
  void validationNamesEveryBrokenAtomValueWithItsPath() {
    CompileResult r =
        RdlCompiler.compile(rdl("order(atom(<1024,1>,0,1,0,-1),atom(<1024,1>,5,4,1,20))"));
    assertThat(r.feasible()).isFalse();
    assertThat(r.valid()).isFalse();
    assertThat(r.problems())
        .extracting(RdlProblem::code, RdlProblem::path)
        .contains(
            Tuple.tuple(Code.GANG_NOT_POSITIVE, "0"),
            Tuple.tuple(Code.LEASE_NOT_POSITIVE, "0"),
            Tuple.tuple(Code.WORK_NEGATIVE, "0"),
            Tuple.tuple(Code.GANG_ABOVE_PARALLELISM, "1"));
    assertThat(r.normalized())
        .isEqualTo(rdl("order(atom(<1024,1>,0,1,0,-1),atom(<1024,1>,5,4,1,20))"));
  }

  @Test
  void workMustBeWholeGangsAndCoverOneLease() {
    assertThat(codes(RdlCompiler.compile(rdl("atom(<1,1>,4,8,1,10)"))))
        .containsExactly(Code.WORK_NOT_MULTIPLE_OF_GANG);
    assertThat(codes(RdlCompiler.compile(rdl("atom(<1,1>,4,8,5,16)"))))
        .containsExactly(Code.WORK_BELOW_ONE_LEASE);
    assertThat(RdlCompiler.compile(rdl("atom(<1,1>,4,8,5,0)")).feasible()).isTrue();
  }

  @Test
  void bundlesMustBePositiveAndFitANode() {
    assertThat(codes(RdlCompiler.compile(rdl("atom(<0,0>,1,1,1,1)"))))
        .containsExactly(Code.BUNDLE_ZERO);
    assertThat(codes(RdlCompiler.compile(rdl("atom(<-1,1>,1,1,1,1)"))))
        .containsExactly(Code.BUNDLE_NEGATIVE);
    CompileResult big = RdlCompiler.compile(rdl("atom(<16384,1>,1,1,1,1)"), SMALL);
    assertThat(codes(big)).containsExactly(Code.BUNDLE_TOO_LARGE);
    assertThat(big.problems().get(0).message()).contains("memoryMB").contains("<8192,8>");
  }

  @Test
  void windowsMustStartAtZeroOrLaterAndBeNonEmpty() {
    assertThat(codes(RdlCompiler.compile(rdl("window(atom(<1,1>,1,1,1,1),-1,5)"))))
        .containsExactly(Code.WINDOW_START_NEGATIVE);
    assertThat(codes(RdlCompiler.compile(rdl("window(atom(<1,1>,1,1,1,1),5,5)"))))
        .containsExactly(Code.WINDOW_EMPTY);
  }

  @Test
  void emptyOperatorIsInvalid() {
    CompileResult r = RdlCompiler.compile(new Rdl.All(List.of()));
    assertThat(codes(r)).containsExactly(Code.EMPTY_OPERATOR);
  }

  @Test
  void tooDeepExpressionIsReportedNotRecursed() {
    Rdl e = Rdl.atom(Resources.of(1, 1), 1, 1, 1, 1);
    for (int i = 0; i < 10_000; i++) e = new Rdl.All(List.of(e));
    CompileResult r = RdlCompiler.compile(e);
    assertThat(codes(r)).containsExactly(Code.TOO_DEEP);
    assertThat(r.feasible()).isFalse();
  }

  @Test
  void windowShorterThanTheMinimalDurationIsInfeasible() {
    CompileResult r = RdlCompiler.compile(rdl("window(atom(<1024,1>,1,10,1,1000),0,50)"));
    assertThat(r.valid()).isTrue();
    assertThat(r.feasible()).isFalse();
    assertThat(codes(r)).containsExactly(Code.WINDOW_TOO_SHORT);
    assertThat(r.problems().get(0).path()).isEmpty();
    assertThat(r.problems().get(0).message())
        .contains("100 steps")
        .contains("move the finish to 100");
  }

  @Test
  void orderWhoseStagesDoNotFitTheirWindowsIsInfeasibleAtTheLateWindow() {
    // the first stage ends at 60 at the earliest; the second must end by 80 but needs 30 steps
    CompileResult r =
        RdlCompiler.compile(
            rdl("order(window(atom(<1,1>,1,1,1,60),0,100),window(atom(<1,1>,1,1,1,30),0,80))"));
    assertThat(r.feasible()).isFalse();
    assertThat(r.problems()).extracting(RdlProblem::path).containsExactly("1");
    assertThat(r.problems().get(0).message()).contains("step 60");
  }

  @Test
  void anyIsFeasibleWhenOneAlternativeIs() {
    assertThat(
            RdlCompiler.compile(
                    rdl("window(any(atom(<1,1>,1,1,1,100),atom(<1,1>,1,10,1,100)),0,20)"))
                .feasible())
        .isTrue();
    CompileResult none =
        RdlCompiler.compile(
            rdl("any(window(atom(<1,1>,1,1,1,100),0,20),window(atom(<1,1>,1,1,1,100),0,30))"));
    assertThat(none.feasible()).isFalse();
    assertThat(codes(none))
        .containsExactly(
            Code.WINDOW_TOO_SHORT, Code.WINDOW_TOO_SHORT, Code.NO_FEASIBLE_ALTERNATIVE);
  }

  @Test
  void gangLargerThanTheClusterIsInfeasible() {
    // 4 nodes of <8192,8> hold 8 bundles of <4096,4>
    assertThat(RdlCompiler.compile(rdl("atom(<4096,4>,8,8,1,8)"), SMALL).feasible()).isTrue();
    CompileResult r = RdlCompiler.compile(rdl("atom(<4096,4>,9,9,1,9)"), SMALL);
    assertThat(codes(r)).containsExactly(Code.GANG_LARGER_THAN_CLUSTER);
    assertThat(r.problems().get(0).message()).contains("holds 8");
  }

  @Test
  void normalizationFlattensNestedOrders() {
    assertThat(
            RdlCompiler.normalize(
                rdl(
                    "order(order(atom(<1,1>,1,1,1,1),atom(<2,1>,1,1,1,1)),order(atom(<3,1>,1,1,1,1),atom(<4,1>,1,1,1,1)))")))
        .isEqualTo(
            rdl(
                "order(atom(<1,1>,1,1,1,1),atom(<2,1>,1,1,1,1),atom(<3,1>,1,1,1,1),atom(<4,1>,1,1,1,1))"));
  }

  @Test
  void normalizationUnifiesTheCompatibleAtomsOfThePaper() {
    assertThat(RdlCompiler.normalize(rdl("all(atom(<1024,1>,1,1,1,1),atom(<1024,1>,1,1,1,1))")))
        .isEqualTo(rdl("atom(<1024,1>,1,2,1,2)"));
  }

  @Test
  void atomsWithDifferentRatiosGangsOrLeasesAreNotUnified() {
    for (String s :
        List.of(
            "all(atom(<1024,1>,1,1,1,10),atom(<1024,1>,1,10,1,10))",
            "all(atom(<1024,1>,2,2,1,2),atom(<1024,1>,2,2,1,2))",
            "all(atom(<1024,1>,1,1,2,2),atom(<1024,1>,1,1,2,2))",
            "all(atom(<1024,1>,1,1,1,1),atom(<2048,1>,1,1,1,1))",
            "all(window(atom(<1024,1>,1,1,1,1),0,5),window(atom(<1024,1>,1,1,1,1),0,6))")) {
      assertThat(RdlCompiler.normalize(rdl(s))).as(s).isEqualTo(rdl(s));
    }
  }

  @Test
  void windowsArePushedDownAndIntersected() {
    assertThat(RdlCompiler.normalize(rdl("window(window(atom(<1,1>,1,1,1,1),0,100),50,200)")))
        .isEqualTo(rdl("window(atom(<1,1>,1,1,1,1),50,100)"));
    assertThat(
            RdlCompiler.normalize(rdl("window(any(atom(<1,1>,1,1,1,1),atom(<2,1>,1,1,1,1)),0,10)")))
        .isEqualTo(rdl("any(window(atom(<1,1>,1,1,1,1),0,10),window(atom(<2,1>,1,1,1,1),0,10))"));
  }

  @Test
  void singleChildOperatorsDisappear() {
    assertThat(RdlCompiler.normalize(rdl("any(all(order(atom(<1,1>,1,1,1,1))))")))
        .isEqualTo(rdl("atom(<1,1>,1,1,1,1)"));
  }

  @Test
  void compileNormalizesValidExpressions() {
    CompileResult r =
        RdlCompiler.compile(rdl("window(all(atom(<1024,1>,1,1,1,1),atom(<1024,1>,1,1,1,1)),0,10)"));
    assertThat(r.normalized()).isEqualTo(rdl("window(atom(<1024,1>,1,2,1,2),0,10)"));
  }

  @Test
  void rigidGangRewriteSplitsIntoLanesOfRigidAtoms() {
    // g=2, h=4: 2 lanes; w/g = 12 gang-steps = 4 units of lease 3
    Rdl r = RdlCompiler.rigidGang((Rdl.Atom) rdl("atom(<1024,1>,2,4,3,24)"), 64);
    assertThat(r)
        .isEqualTo(
            rdl(
                "all(order(atom(<1024,1>,2,2,3,6),atom(<1024,1>,2,2,3,6)),order(atom(<1024,1>,2,2,3,6),atom(<1024,1>,2,2,3,6)))"));
    // remainder: 7 gang-steps with lease 3 -> units 3 (first one 4 steps) -> lanes min(4, 2)
    assertThat(RdlCompiler.rigidGang((Rdl.Atom) rdl("atom(<1,1>,2,8,3,14)"), 64))
        .isEqualTo(rdl("all(atom(<1,1>,2,2,4,8),atom(<1,1>,2,2,3,6))"));
  }

  @Test
  void rigidGangRewriteCoarsensLongLanes() {
    Rdl r = RdlCompiler.rigidGang((Rdl.Atom) rdl("atom(<1,1>,2,2,1,2000)"), 4);
    assertThat(r)
        .isEqualTo(
            rdl(
                "order(atom(<1,1>,2,2,250,500),atom(<1,1>,2,2,250,500),atom(<1,1>,2,2,250,500),atom(<1,1>,2,2,250,500))"));
    assertThat(RdlCompiler.work(r)).isEqualTo(2000);
  }

  @Test
  void rigidGangsLeavesRigidAndMalleableAtomsAlone() {
    Rdl e =
        rdl("window(order(atom(<1,1>,4,4,5,20),atom(<1,1>,1,9,5,20),atom(<1,1>,2,4,2,8)),0,100)");
    assertThat(RdlCompiler.rigidGangs(e))
        .isEqualTo(
            rdl(
                "window(order(atom(<1,1>,4,4,5,20),atom(<1,1>,1,9,5,20),all(atom(<1,1>,2,2,2,4),atom(<1,1>,2,2,2,4))),0,100)"));
  }

  @Test
  void rigidGangRejectsInvalidAtoms() {
    assertThatThrownBy(() -> RdlCompiler.rigidGang((Rdl.Atom) rdl("atom(<1,1>,2,4,3,5)"), 8))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("valid atom");
  }
}
