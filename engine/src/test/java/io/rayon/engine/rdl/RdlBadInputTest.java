package io.rayon.engine.rdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed RDL text: every case gives "source:line:column: problem", nothing crashes or hangs. */
@Timeout(60)
class RdlBadInputTest {

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("", "1:1", "found the end of the input"),
        Arguments.of("   \n  ", "2:3", "expected an RDL expression"),
        Arguments.of("atom(<1024,1>,1,10,240", "1:23", "expected ','"),
        Arguments.of("atom(<1024,1>,1,10,240,2400", "1:28", "expected ')'"),
        Arguments.of("window(order(atom(<1,1>,1,1,1,1)),0,", "1:37", "window finish f"),
        Arguments.of("atoms(<1,1>,1,1,1,1)", "1:1", "unknown operator 'atoms'"),
        Arguments.of("sequence(atom(<1,1>,1,1,1,1))", "1:1", "unknown operator 'sequence'"),
        Arguments.of("atom(<1,1>,1,1,1)", "1:17", "expected ','"),
        Arguments.of("atom(<1,1>,1,1,1,1,1)", "1:19", "expected ')'"),
        Arguments.of("window(atom(<1,1>,1,1,1,1),5)", "1:29", "expected ','"),
        Arguments.of("window(atom(<1,1>,1,1,1,1),1,2,3)", "1:31", "expected ')'"),
        Arguments.of("any()", "1:5", "expected an operator"),
        Arguments.of("all(,atom(<1,1>,1,1,1,1))", "1:5", "expected an operator"),
        Arguments.of(
            "order(atom(<1,1>,1,1,1,1) atom(<1,1>,1,1,1,1))", "1:27", "expected ',' or ')'"),
        Arguments.of("atom(<1,1>,one,1,1,1)", "1:12", "gang g (a whole number)"),
        Arguments.of("atom(<1,1>,1,1,1,2.5)", "1:19", "expected ')'"),
        Arguments.of("atom(<1k,1>,1,1,1,1)", "1:8", "expected ','"),
        Arguments.of("atom(1024,1,1,1,1,1)", "1:6", "expected a bundle"),
        Arguments.of("atom(<1024>,1,1,1,1)", "1:11", "expected ','"),
        Arguments.of("atom(<1,1,gpu>,1,1,1,1)", "1:14", "expected '='"),
        Arguments.of("atom(<1,1,gpu=1,gpu=2>,1,1,1,1)", "1:22", "appears twice"),
        Arguments.of("atom(<1,1,vcores=2>,1,1,1,1)", "1:17", "given by position"),
        Arguments.of("atom(<1,1>,99999999999,1,1,1)", "1:12", "too large"),
        Arguments.of("atom(<1,1>,1,1,1,99999999999999999999)", "1:18", "too large"),
        Arguments.of("atom(<1,1>,1,1,1,1))", "1:20", "expected the end of the expression"),
        Arguments.of("atom(<1,1>,1,1,1,1)\nextra", "2:1", "expected the end"),
        Arguments.of("atom(<1,1>,1,1,1,1\u0000)", "1:19", "U+0000 NUL"),
        Arguments.of("atom(<1,1>,1,1,1,١)", "1:18", "work w"),
        Arguments.of("# only a comment", "1:17", "expected an RDL expression"),
        Arguments.of("window(\n  atom(<1,1>,1,1,1,1),\n  0\n)", "4:1", "expected ','"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("malformed")
  void malformedTextNamesTheLineColumnAndProblem(String text, String lineCol, String problem) {
    assertThatThrownBy(() -> RdlParser.parse(text, "job.rdl"))
        .isInstanceOf(RdlParseException.class)
        .hasMessageStartingWith("job.rdl:" + lineCol + ": ")
        .hasMessageContaining(problem);
  }

  @Test
  void tenThousandLevelsOfNestingAreRejectedWithoutExhaustingTheStack() {
    String text = "all(".repeat(10_000) + "atom(<1,1>,1,1,1,1)" + ")".repeat(10_000);
    assertThatThrownBy(() -> RdlParser.parse(text, "deep.rdl"))
        .isInstanceOf(RdlParseException.class)
        .hasMessageStartingWith("deep.rdl:1:")
        .hasMessageContaining("nested deeper than " + Rdl.MAX_DEPTH);
  }

  @Test
  void tenThousandNestedWindowsAreRejected() {
    String text = "window(".repeat(10_000) + "atom(<1,1>,1,1,1,1)" + ",0,1)".repeat(10_000);
    assertThatThrownBy(() -> RdlParser.parse(text))
        .isInstanceOf(RdlParseException.class)
        .hasMessageContaining("nested deeper");
  }

  @Test
  void aTenMegabyteExpressionParsesAndCompilesInOnePass() throws Exception {
    StringBuilder sb = new StringBuilder("all(");
    String atom = "atom(<1024,1>,1,10,1,10)";
    int n = 10 * 1024 * 1024 / (atom.length() + 1);
    for (int i = 0; i < n; i++) sb.append(i == 0 ? "" : ",").append(atom);
    sb.append(')');
    assertThat(sb.length()).isGreaterThan(10_000_000);
    Rdl e = RdlParser.parse(sb.toString(), "big.rdl");
    assertThat(e.children()).hasSize(n);
    CompileResult r = RdlCompiler.compile(e);
    assertThat(r.feasible()).isTrue();
    assertThat(r.work()).isEqualTo(10L * n);
    // all identical malleable atoms unify into one
    assertThat(r.normalized())
        .isEqualTo(new Rdl.Atom(((Rdl.Atom) e.children().get(0)).bundle(), 1, 10 * n, 1, 10L * n));
  }

  @Test
  void aLargeAllOfAtomsThatCannotBeUnifiedNormalizesInLinearTime() throws Exception {
    StringBuilder sb = new StringBuilder("all(");
    int n = 50_000;
    for (int i = 0; i < n; i++)
      sb.append(i == 0 ? "" : ",")
          .append("window(atom(<1024,1>,1,1,1,1),")
          .append(i)
          .append(',')
          .append(i + 1)
          .append(')');
    Rdl e = RdlParser.parse(sb.append(')').toString());
    CompileResult r = RdlCompiler.compile(e);
    assertThat(r.feasible()).isTrue();
    assertThat(r.normalized().children()).hasSize(n);
  }

  @Test
  void aTenMegabyteExpressionWithAnErrorAtTheEndNamesTheLastLine() {
    String body = "atom(<1,1>,1,1,1,1),\n".repeat(500_000);
    String text = "all(" + body + "atom(<1,1>,1,1,1,x))";
    assertThatThrownBy(() -> RdlParser.parse(text, "big.rdl"))
        .isInstanceOf(RdlParseException.class)
        .hasMessageStartingWith("big.rdl:500001:18: ");
  }
}
