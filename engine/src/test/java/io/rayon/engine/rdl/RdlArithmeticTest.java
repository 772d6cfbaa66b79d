package io.rayon.engine.rdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 items 3 and 6: numbers are checked, not wrapped; width and depth are bounded with a
 * message.
 */
class RdlArithmeticTest {

  @Test
  void aWindowWhoseFinishOverflowsIsInfeasibleNotFeasible() throws Exception {
    CompileResult r =
        RdlCompiler.compile(
            RdlParser.parse("window(atom(<1024,1>,1,1,1,9223372036854775806),1000,1807)"));
    assertThat(r.valid()).isTrue();
    assertThat(r.feasible()).isFalse();
    assertThat(r.problems())
        .anySatisfy(p -> assertThat(p.code()).isEqualTo(RdlProblem.Code.TOO_LONG));
  }

  @Test
  void anOrderWhoseDurationsOverflowIsInfeasible() throws Exception {
    CompileResult r =
        RdlCompiler.compile(
            RdlParser.parse(
                "order(atom(<1,1>,1,1,1,9223372036854775000),atom(<1,1>,1,1,1,9223372036854775000))"));
    assertThat(r.feasible()).isFalse();
    assertThat(r.problems()).extracting(RdlProblem::code).contains(RdlProblem.Code.TOO_LONG);
    assertThat(r.minDuration()).isEqualTo(Long.MAX_VALUE); // saturated, documented
  }

  @Test
  void negativeZeroIsRefused() {
    assertThatThrownBy(() -> RdlParser.parse("atom(<-0,1>,1,1,1,1)"))
        .isInstanceOf(RdlParseException.class)
        .hasMessageContaining("'-0'");
  }

  @Test
  void anInvisibleCharacterIsNamedInTheSyntaxError() {
    assertThatThrownBy(() -> RdlParser.parse("atom(<1,1>,\uFEFF1,1,1,1)"))
        .isInstanceOf(RdlParseException.class)
        .hasMessageContaining("U+FEFF byte-order mark");
  }

  @Test
  void tooWideOperatorsAreRefusedByTheParserAndTheCompiler() {
    String atom = "atom(<1,1>,1,1,1,1)";
    String text = "all(" + String.join(",", Collections.nCopies(Rdl.MAX_WIDTH + 1, atom)) + ")";
    assertThatThrownBy(() -> RdlParser.parse(text))
        .isInstanceOf(RdlParseException.class)
        .hasMessageContaining("more than " + Rdl.MAX_WIDTH + " sub-expressions");
    List<Rdl> cs =
        new ArrayList<>(
            Collections.nCopies(
                Rdl.MAX_WIDTH + 1, (Rdl) new Rdl.Atom(Resources.of(1, 1), 1, 1, 1, 1)));
    CompileResult r = RdlCompiler.compile(new Rdl.Any(cs));
    assertThat(r.valid()).isFalse();
    assertThat(r.problems()).extracting(RdlProblem::code).contains(RdlProblem.Code.TOO_WIDE);
  }

  @Test
  void resourceSumsAreExact() {
    Resources big = Resources.of(Long.MAX_VALUE, 1);
    assertThatThrownBy(() -> big.plus(Resources.of(1, 0))).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> Resources.of(Long.MIN_VALUE + 1, 0).minus(Resources.of(2, 0)))
        .isInstanceOf(ArithmeticException.class);
  }
}
