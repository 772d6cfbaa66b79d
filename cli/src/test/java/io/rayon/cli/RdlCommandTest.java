package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RdlCommandTest {

  static final String FIG9 =
      "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),atom(<1024,1>,1,15,120,1800)),0,800)";

  @Test
  void checkPrintsNormalizedFormWorkDurationAndFeasibility() {
    CliRun r = CliRun.of("rdl", "check", FIG9);
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("normalized:  order(window(atom(<1024,1>,1,10,240,2400),0,800),")
        .contains("work:        6600 bundle-steps")
        .contains("minDuration: 480 steps")
        .contains("feasible:    yes");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void jsonOutputHasTheDocumentedKeys() throws Exception {
    CliRun r =
        CliRun.of("rdl", "check", "--json", "all(atom(<1024,1>,1,1,1,1),atom(<1024,1>,1,1,1,1))");
    assertThat(r.exit()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("normalized").asText()).isEqualTo("atom(<1024,1>,1,2,1,2)");
    assertThat(j.get("work").asLong()).isEqualTo(2);
    assertThat(j.get("minDuration").asLong()).isEqualTo(1);
    assertThat(j.get("feasible").asBoolean()).isTrue();
    assertThat(j.get("problems").isArray()).isTrue();
    assertThat(j.get("problems")).isEmpty();
  }

  @Test
  void infeasibleExpressionExitsZeroAndSaysWhy() throws Exception {
    CliRun r = CliRun.of("rdl", "check", "--json", "window(atom(<1024,1>,1,10,1,1000),0,50)");
    assertThat(r.exit()).isZero();
    JsonNode j = r.json();
    assertThat(j.get("feasible").asBoolean()).isFalse();
    assertThat(j.get("problems").get(0).get("code").asText()).isEqualTo("WINDOW_TOO_SHORT");
    assertThat(j.get("problems").get(0).get("path").asText()).isEmpty();
    CliRun text = CliRun.of("rdl", "check", "window(atom(<1024,1>,1,10,1,1000),0,50)");
    assertThat(text.out())
        .contains("feasible:    no (the expression can never be satisfied)")
        .contains("WINDOW_TOO_SHORT");
  }

  @Test
  void syntaxErrorExitsTwoWithSourceLineColumn() {
    CliRun r = CliRun.of("rdl", "check", "atom(<1024,1>,1,10,240");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("<expr>:1:23: expected ','");
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.out()).isEmpty();
  }

  @Test
  void readsTheExpressionFromAFileAndNamesItInErrors(@TempDir Path dir) throws Exception {
    Path ok = dir.resolve("ok.rdl");
    Files.writeString(ok, "# the pipeline\n" + FIG9 + "\n");
    assertThat(CliRun.of("rdl", "check", "@" + ok).exit()).isZero();
    Path bad = dir.resolve("bad.rdl");
    Files.writeString(bad, "order(\n  atom(<1,1>,1,1,1,1),\n  atm(<1,1>,1,1,1,1))\n");
    CliRun r = CliRun.of("rdl", "check", "@" + bad);
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains(bad + ":3:3: unknown operator 'atm'");
    CliRun missing = CliRun.of("rdl", "check", "@" + dir.resolve("none.rdl"));
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("no such file");
  }

  @Test
  void acceptsTheJsonTreeFormAndNamesItsErrors() throws Exception {
    CliRun r =
        CliRun.of(
            "rdl",
            "check",
            "--json",
            "{\"type\":\"window\",\"expr\":{\"type\":\"atom\",\"bundle\":{\"memoryMB\":1024,\"vcores\":1},"
                + "\"gang\":1,\"maxParallelism\":10,\"minLease\":1,\"work\":100},\"start\":0,\"finish\":60}");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.json().get("normalized").asText())
        .isEqualTo("window(atom(<1024,1>,1,10,1,100),0,60)");
    CliRun bad = CliRun.of("rdl", "check", "{\"type\":\"atom\",\"gang\":\"x\"}");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err()).contains("<expr> at $.gang").contains("expected a whole number");
  }

  @Test
  void rigidGangsOptionShowsTheRewriteForTheMilp() throws Exception {
    CliRun r = CliRun.of("rdl", "check", "--json", "--rigid-gangs", "atom(<1024,1>,2,4,3,24)");
    assertThat(r.exit()).isZero();
    assertThat(r.json().get("rigidGangs").asText())
        .isEqualTo(
            "all(order(atom(<1024,1>,2,2,3,6),atom(<1024,1>,2,2,3,6)),order(atom(<1024,1>,2,2,3,6),atom(<1024,1>,2,2,3,6)))");
  }

  @Test
  void checksBundlesAgainstAScenarioCluster() throws Exception {
    Path scenario = Path.of("../sample-clusters/fig9-pipeline.json");
    CliRun r =
        CliRun.of(
            "rdl", "check", "--json", "--scenario", scenario.toString(), "atom(<65536,1>,1,1,1,1)");
    assertThat(r.exit()).isZero();
    assertThat(r.json().get("problems").get(0).get("code").asText()).isEqualTo("BUNDLE_TOO_LARGE");
  }
}
