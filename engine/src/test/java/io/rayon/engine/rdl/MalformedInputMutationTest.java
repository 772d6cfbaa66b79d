package io.rayon.engine.rdl;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.scenario.ScenarioChecks;
import io.rayon.model.io.FormatException;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParseException;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.rdl.RdlPrinter;
import io.rayon.testsupport.SampleScenarios;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Mutates valid inputs (RDL text printed from generated expressions, and the sample scenarios'
 * JSON) with seeded random edits and checks that only the documented error types escape: {@link
 * RdlParseException} from the RDL parser, {@link FormatException} from the scenario reader; and
 * that whatever parses can be compiled and checked without an exception.
 */
class MalformedInputMutationTest {

  private static final String NOISE = "()<>,=#-0123456789 \n\tatomanyllordewinw\"{}[]:.\\e+";

  @Provide
  Arbitrary<Rdl> anything() {
    return RdlGenerators.expressions(RdlGenerators.Config.DEFAULT.withValidOnly(false));
  }

  @Property(tries = 400)
  void mutatedRdlTextOnlyEverFailsWithAParseException(
      @ForAll("anything") Rdl e, @ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int edits) {
    String text = mutate(RdlPrinter.print(e), new SplittableRandom(seed), edits);
    Rdl parsed;
    try {
      parsed = RdlParser.parse(text, "mutant");
    } catch (RdlParseException ex) {
      assertThat(ex.getMessage()).startsWith("mutant:" + ex.line() + ":" + ex.column() + ": ");
      assertThat(ex.offset()).isBetween(0, text.length());
      return;
    }
    CompileResult r = RdlCompiler.compile(parsed);
    assertThat(r.problems()).allSatisfy(p -> assertThat(p.message()).isNotBlank());
  }

  @Property(tries = 150)
  void mutatedScenarioJsonOnlyEverFailsWithAFormatException(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int edits, @ForAll boolean pipeline) {
    String json = pipeline ? SampleScenarios.fig9Json() : SampleScenarios.fig5bJson();
    String text = mutate(json, new SplittableRandom(seed), edits);
    try {
      var s = ScenarioIO.parse(text, "mutant.json");
      ScenarioChecks.check(s);
    } catch (FormatException ex) {
      assertThat(ex.getMessage()).startsWith("mutant.json");
      assertThat(ex.problem()).isNotBlank();
    }
  }

  static String mutate(String s, SplittableRandom rnd, int edits) {
    StringBuilder sb = new StringBuilder(s);
    for (int i = 0; i < edits; i++) {
      int pos = sb.length() == 0 ? 0 : rnd.nextInt(sb.length());
      switch (rnd.nextInt(6)) {
        case 0 -> {
          if (sb.length() > 0) sb.deleteCharAt(pos);
        }
        case 1 -> sb.insert(pos, NOISE.charAt(rnd.nextInt(NOISE.length())));
        case 2 -> {
          if (sb.length() > 0) sb.setCharAt(pos, NOISE.charAt(rnd.nextInt(NOISE.length())));
        }
        case 3 -> sb.setLength(pos);
        case 4 -> {
          int end = Math.min(sb.length(), pos + 1 + rnd.nextInt(20));
          sb.insert(pos, sb.substring(pos, end));
        }
        default -> {
          int end = Math.min(sb.length(), pos + 1 + rnd.nextInt(10));
          sb.delete(pos, end);
        }
      }
    }
    return sb.toString();
  }
}
