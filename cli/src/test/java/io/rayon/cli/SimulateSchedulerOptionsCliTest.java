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
 * {@code rayon simulate --scheduler NAME -O name=value}: options checked against the scheduler
 * registry's specs.
 */
class SimulateSchedulerOptionsCliTest {
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
  void dashOIsTheSameAsTheOldFlags() throws Exception {
    ObjectMapper json = new ObjectMapper();
    Run alias =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "--damping",
            "0.5",
            "--availability",
            "yarn-prototype",
            "--json");
    Run dashO =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "-O",
            "damping=0.5",
            "-O",
            "availability=yarn-prototype",
            "--json");
    assertThat(alias.code()).as(alias.err()).isZero();
    assertThat(dashO.code()).as(dashO.err()).isZero();
    JsonNode a = json.readTree(alias.out());
    JsonNode b = json.readTree(dashO.out());
    assertThat(b).isEqualTo(a);
    Run human =
        run(
            "simulate",
            scenario.toString(),
            "--scheduler",
            "estimation",
            "-O",
            "damping=0.5",
            "-O",
            "availability=yarn-prototype");
    assertThat(human.out()).contains("estimation (damping 0.5), availability yarn-prototype");
  }

  @Test
  void unknownAndOutOfRangeOptionsAreBadInputNamingTheOption() {
    Run unknown =
        run("simulate", scenario.toString(), "--scheduler", "estimation", "-O", "alpha=0.5");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err())
        .contains("no option 'alpha'")
        .contains("damping, availability")
        .doesNotContain("Exception");

    Run range =
        run("simulate", scenario.toString(), "--scheduler", "estimation", "-O", "damping=2");
    assertThat(range.code()).isEqualTo(2);
    assertThat(range.err()).contains("damping=2").contains("from 0 to 1");

    // the reservation model takes no options: the estimation's damping is refused, not ignored
    Run reservation =
        run("simulate", scenario.toString(), "--scheduler", "reservation", "--damping", "0.5");
    assertThat(reservation.code()).isEqualTo(2);
    assertThat(reservation.err()).contains("no option 'damping'").contains("takes no options");

    Run missing = run("simulate", tmp.resolve("absent.json").toString(), "--scheduler", "fifo");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err())
        .contains("--scheduler 'fifo' is unknown")
        .contains("reservation or estimation");
  }

  @Test
  void helpListsEachSchedulersOptionsFromTheirSpecs() {
    Run help = run("simulate", "--help");
    assertThat(help.code()).isZero();
    assertThat(help.out())
        .contains("-O, --option=NAME=VALUE")
        .contains("Scheduler options")
        .contains("reservation: the reservation model")
        .contains("(no options)")
        .contains("estimation: the estimation model")
        .contains("damping=decimal  (default 0.125)")
        .contains("write a number from 0 to 1")
        .contains("availability=paper-sim|yarn-prototype  (default paper-sim)");
  }
}
