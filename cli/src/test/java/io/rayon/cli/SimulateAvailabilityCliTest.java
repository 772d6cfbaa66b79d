package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rayon.testsupport.SampleScenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code rayon simulate --availability paper-sim|yarn-prototype}: the formula is a choice,
 * paper-sim by default.
 */
class SimulateAvailabilityCliTest {
  @TempDir Path tmp;
  Path scenario;

  record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    int code = cl.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  @BeforeEach
  void importRumen() {
    scenario = tmp.resolve("rumen.json");
    Run imp =
        run(
            "import",
            "rumen",
            SampleScenarios.trace("sls/2jobs2min-rumen-jh.json").toString(),
            "--out",
            scenario.toString(),
            "--nodes",
            "2",
            "--node-memory",
            "2048",
            "--node-vcores",
            "4",
            "--allowance-memory",
            "1536");
    assertThat(imp.code()).as(imp.err()).isZero();
  }

  @Test
  void paperSimIsTheDefaultAndYarnPrototypeIsAChoice() throws Exception {
    ObjectMapper json = new ObjectMapper();
    Run byDefault = run("simulate", scenario.toString(), "--scheduler", "estimation", "--json");
    Run paper =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "--availability",
            "paper-sim",
            "--json");
    Run yarn =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "--availability",
            "yarn-prototype",
            "--json");
    assertThat(byDefault.code()).as(byDefault.err()).isZero();
    assertThat(yarn.code()).as(yarn.err()).isZero();
    assertThat(byDefault.out()).isEqualTo(paper.out());
    JsonNode p = json.readTree(paper.out());
    JsonNode y = json.readTree(yarn.out());
    // yarn-prototype also spends the NC − AR margin (512 MB per node here): a different schedule,
    // finished sooner
    assertThat(y.get("makespanS").asDouble()).isLessThan(p.get("makespanS").asDouble());
    Run human = run("simulate", scenario.toString(), "--scheduler", "estimation");
    assertThat(human.out())
        .contains("estimation (damping 0.125), availability paper-sim (AR − EU)");
    Run humanYarn =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "--availability",
            "YARN-prototype");
    assertThat(humanYarn.out()).contains("availability yarn-prototype (min(AR − ACU, NC − EU))");
  }

  @Test
  void anUnknownFormulaIsBadInputNamingTheOptionAndTheChoices() {
    Run r =
        run("simulate", scenario.toString(), "--scheduler", "estimation", "--availability", "min");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err())
        .contains("--availability 'min'")
        .contains("paper-sim|yarn-prototype")
        .doesNotContain("Exception");
  }

  @Test
  void helpDocumentsTheFormulasAndThePapersDefaults() {
    Run help = run("simulate", "--help");
    assertThat(help.out())
        .contains("--availability")
        .contains("paper-sim: AR − EU")
        .contains("yarn-prototype: min(AR − ACU, NC − EU)")
        .contains("default 0.125");
  }
}
