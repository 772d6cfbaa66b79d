package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code rayon plan --planner NAME -O name=value}: options generated from the planner registry. */
class PlanOptionsCommandTest {
  @TempDir Path dir;

  // one 8-vcore node; a blocker leaves 2 free at step 9, then an atom of 10 in [6,10)
  static final String SCENARIO =
      """
      {
        "formatVersion": 1,
        "name": "options-cli",
        "stepSeconds": 60,
        "horizonSteps": 10,
        "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 1, "capacity": {"memoryMB": 8192, "vcores": 8}}]},
        "sharingPolicy": "none",
        "reservations": [
          {"id": "b", "user": "alice", "rdl": "window(atom(<1024,1>,1,6,1,6),9,10)", "priority": 0, "arrival": 0},
          {"id": "r", "user": "alice", "rdl": "window(atom(<1024,1>,1,8,1,10),6,10)", "priority": 0, "arrival": 0}
        ]
      }
      """;

  record Run(int exit, String out, String err) {}

  private Run run(String... args) {
    CommandLine cl = RayonCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return new Run(cl.execute(args), out.toString(), err.toString());
  }

  private Path scenario() throws Exception {
    Path s = dir.resolve("s.json");
    Files.writeString(s, SCENARIO);
    return s;
  }

  @Test
  void helpListsEveryPlannersOptionsWithValuesAndDefaults() {
    Run r = run("plan", "--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("gree:", "greel:", "milp:", "hybrid:")
        .contains("atom-scan=paper|stacked  (default paper)")
        .contains("flat-fallback=boolean  (default false)")
        .contains("guess-interval=all-operators|order-only")
        .contains("any-order=reverse|written")
        .contains("time-limit=duration  (default 60s)");
  }

  @Test
  void optionsChangeThePlacementAndAreWrittenIntoThePlan() throws Exception {
    Path paper = dir.resolve("paper.json");
    Path stacked = dir.resolve("stacked.json");
    assertThat(run("plan", scenario().toString(), "--out", paper.toString()).exit()).isZero();
    Run s =
        run("plan", scenario().toString(), "-O", "atom-scan=stacked", "--out", stacked.toString());
    assertThat(s.exit()).as(s.err()).isZero();
    String p = Json.mapper().readTree(paper.toFile()).toString();
    String q = Json.mapper().readTree(stacked.toFile()).toString();
    // the paper's scan: 8 at step 8, 2 at step 9; ours stacks 2,2,4,2 over [6,10)
    assertThat(p).contains("\"start\":8,\"end\":9,\"bundles\":8");
    assertThat(q).contains("\"start\":6,\"end\":8,\"bundles\":2");
  }

  @Test
  void badOptionsAreBadInputNamingTheOptionAndTheAllowedValues() throws Exception {
    Run bad = run("plan", scenario().toString(), "--planner", "greel", "-O", "flat-fallback=maybe");
    assertThat(bad.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(bad.err())
        .contains("flat-fallback=maybe")
        .contains("true or false")
        .contains("default false");
    Run unknown =
        run("plan", scenario().toString(), "--planner", "gree", "-O", "guess-interval=order-only");
    assertThat(unknown.exit()).isEqualTo(CliSupport.EXIT_BAD_INPUT);
    assertThat(unknown.err())
        .contains("planner gree has no option 'guess-interval'")
        .contains("atom-scan, any-order");
    Run choice = run("plan", scenario().toString(), "-O", "any-order=random");
    assertThat(choice.err()).contains("any-order=random").contains("reverse, written");
  }
}
