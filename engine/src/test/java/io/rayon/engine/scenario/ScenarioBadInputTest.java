package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rayon.model.io.FormatException;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed and inconsistent scenario files, each made from the Figure 9 sample by one edit: the
 * error names the file, the JSON path and the problem.
 */
@Timeout(60)
class ScenarioBadInputTest {

  static final String FIG9 = SampleScenarios.fig9Json();

  static String edit(String from, String to) {
    if (!FIG9.contains(from)) throw new IllegalArgumentException("sample lacks " + from);
    return FIG9.replaceFirst(Pattern.quote(from), Matcher.quoteReplacement(to));
  }

  static Stream<Arguments> malformed() {
    return Stream.of(
        Arguments.of("truncated", FIG9.substring(0, FIG9.length() / 2), "$", "end-of-input"),
        Arguments.of("empty", "", "$", "empty"),
        Arguments.of("array at the root", "[]", "$", "expected a scenario object"),
        Arguments.of("not JSON", "hello", "$", "Unrecognized token"),
        Arguments.of(
            "wrong formatVersion",
            edit("\"formatVersion\" : 1", "\"formatVersion\" : 2"),
            "$.formatVersion",
            "unsupported version 2"),
        Arguments.of(
            "formatVersion as text",
            edit("\"formatVersion\" : 1", "\"formatVersion\" : \"1\""),
            "$.formatVersion",
            "unsupported version"),
        Arguments.of(
            "missing formatVersion",
            edit("\"formatVersion\" : 1,", ""),
            "$.formatVersion",
            "missing"),
        Arguments.of(
            "unknown field",
            edit("\"stepSeconds\"", "\"colour\" : \"red\", \"stepSeconds\""),
            "$",
            "unknown field 'colour'"),
        Arguments.of(
            "unknown nested field",
            edit("\"count\" : 8,", "\"count\" : 8, \"cpus\" : 3,"),
            "$.cluster.nodeGroups[0]",
            "unknown field 'cpus'"),
        Arguments.of(
            "count as text",
            edit("\"count\" : 8,", "\"count\" : \"eight\","),
            "$.cluster.nodeGroups[0].count",
            "expected a whole number"),
        Arguments.of(
            "fractional step",
            edit("\"stepSeconds\" : 60", "\"stepSeconds\" : 1.5"),
            "$.stepSeconds",
            "1.5"),
        Arguments.of(
            "overflowing horizon",
            edit("\"horizonSteps\" : 1440", "\"horizonSteps\" : 99999999999999999999999"),
            "$.horizonSteps",
            "range"),
        Arguments.of(
            "reservations not an array",
            edit("\"reservations\" : [ {", "\"reservations\" : {\"x\": [ {")
                .replace("\"arrival\" : 0\n  } ],", "\"arrival\" : 0\n  } ]},"),
            "$.reservations",
            "array"),
        Arguments.of(
            "missing vcores",
            edit("\"memoryMB\" : 16384, \"vcores\" : 8", "\"memoryMB\" : 16384"),
            "$.cluster.nodeGroups[0].capacity",
            "vcores"),
        Arguments.of(
            "bad sharing policy",
            edit("\"sharingPolicy\" : \"none\"", "\"sharingPolicy\" : \"sometimes\""),
            "$.sharingPolicy",
            "unknown sharing policy"),
        Arguments.of(
            "unknown job kind",
            edit("\"kind\" : \"PRODUCTION\"", "\"kind\" : \"URGENT\""),
            "$.workload.jobs[0].kind",
            "URGENT"),
        Arguments.of(
            "RDL syntax error",
            edit(
                "window(order(atom(<1024,1>,1,10,240,2400)",
                "window(order(atom(<1024,1>,1,10,240;2400)"),
            "$.reservations[0].rdl",
            "invalid RDL at line 1, column 36: expected ','"),
        Arguments.of("unbalanced braces", FIG9 + "}", "$", "Unexpected close marker"),
        Arguments.of("trailing value", FIG9 + "{}", "$", "Trailing"),
        Arguments.of(
            "null cluster", edit("\"cluster\" : {", "\"cluster\" : null, \"x\" : {"), "$", ""),
        Arguments.of(
            "boolean as number",
            edit("\"reservable\" : true", "\"reservable\" : 1"),
            "$.rootQueue.children[0].reservable",
            "true or false"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("malformed")
  void malformedFilesNameTheJsonPath(String what, String json, String path, String problem) {
    try {
      ScenarioIO.parse(json, "fig9.json");
      fail("expected a FormatException for " + what);
    } catch (FormatException e) {
      assertThat(e.getMessage()).startsWith("fig9.json at " + path);
      assertThat(e.place()).startsWith(path);
      assertThat(e.problem()).contains(problem);
    }
  }

  static Stream<Arguments> inconsistent() {
    return Stream.of(
        Arguments.of(
            "negative node count",
            edit("\"count\" : 8,", "\"count\" : -3,"),
            "$.cluster.nodeGroups[0].count",
            "at least 1"),
        Arguments.of(
            "zero step",
            edit("\"stepSeconds\" : 60", "\"stepSeconds\" : 0"),
            "$.stepSeconds",
            "positive"),
        Arguments.of(
            "negative horizon",
            edit("\"horizonSteps\" : 1440", "\"horizonSteps\" : -1"),
            "$.horizonSteps",
            "at least 1"),
        Arguments.of(
            "negative capacity",
            edit("\"memoryMB\" : 16384, \"vcores\" : 8", "\"memoryMB\" : -16384, \"vcores\" : 8"),
            "$.cluster.nodeGroups[0].capacity",
            "negative"),
        Arguments.of(
            "zero capacity",
            edit("\"memoryMB\" : 16384, \"vcores\" : 8", "\"memoryMB\" : 0, \"vcores\" : 0"),
            "$.cluster.nodeGroups[0].capacity",
            "zero"),
        Arguments.of(
            "unknown queue",
            edit("\"queue\" : \"dedicated\"", "\"queue\" : \"gold\""),
            "$.reservations[0].queue",
            "'gold' is not in the queue tree"),
        Arguments.of(
            "duplicate reservation id",
            edit(
                "\"reservations\" : [ {",
                "\"reservations\" : [ {\"id\" : \"pipeline\", \"rdl\" : \"atom(<1,1>,1,1,1,1)\", \"queue\" : \"dedicated\", \"priority\" : 0, \"arrival\" : 0}, {"),
            "$.reservations[1].id",
            "duplicate reservation id 'pipeline'"),
        Arguments.of(
            "invalid gang in RDL",
            edit("atom(<1024,1>,1,20,120,2400)", "atom(<1024,1>,30,20,120,2400)"),
            "$.reservations[0].rdl (RDL 0.1)",
            "exceeds max parallelism"),
        Arguments.of(
            "bundle larger than any node",
            edit("atom(<1024,1>,1,15,120,1800)", "atom(<65536,1>,1,15,120,1800)"),
            "$.reservations[0].rdl (RDL 0.2)",
            "fits no node"),
        Arguments.of(
            "guarantee above one",
            edit("\"guaranteed\" : 0.6", "\"guaranteed\" : 1.5"),
            "$.rootQueue.children[0].guaranteed",
            "[0,1]"),
        Arguments.of(
            "children over-guarantee",
            edit("\"guaranteed\" : 0.6", "\"guaranteed\" : 0.9"),
            "$.rootQueue.children",
            "at most 100%"),
        Arguments.of(
            "unknown reservation of a job",
            edit("\"reservationId\" : \"pipeline\"", "\"reservationId\" : \"nightly\""),
            "$.workload.jobs[0].reservationId",
            "'nightly'"),
        Arguments.of(
            "zero tasks",
            edit("\"count\" : 10,", "\"count\" : 0,"),
            "$.workload.jobs[0].tasks[0].count",
            "at least 1"),
        Arguments.of(
            "unknown predecessor",
            edit("\"after\" : [ \"stage1\" ]", "\"after\" : [ \"stage0\" ]"),
            "$.workload.jobs[0].tasks[1].after[0]",
            "'stage0'"),
        Arguments.of(
            "negative window start",
            edit(",0,800)\"", ",-5,800)\""),
            "$.reservations[0].rdl (RDL root)",
            "negative"));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("inconsistent")
  void inconsistentScenariosNameTheJsonPath(String what, String json, String path, String problem)
      throws Exception {
    Scenario s = ScenarioIO.parse(json, "fig9.json");
    List<ScenarioProblem> errors = ScenarioChecks.errors(ScenarioChecks.check(s));
    String all = errors.stream().map(ScenarioProblem::toString).collect(Collectors.joining("\n"));
    assertThat(errors)
        .as(what + ":\n" + all)
        .anySatisfy(
            p -> {
              assertThat(p.toString()).startsWith(path);
              assertThat(p.message()).contains(problem);
            });
  }

  @Test
  void rdlTreeNestedTenThousandLevelsIsRejectedWithoutExhaustingTheStack() {
    String atom =
        "{\"type\":\"atom\",\"bundle\":{\"memoryMB\":1,\"vcores\":1},\"gang\":1,\"maxParallelism\":1,\"minLease\":1,\"work\":1}";
    String tree = "{\"type\":\"all\",\"children\":[".repeat(10_000) + atom + "]}".repeat(10_000);
    String json =
        FIG9.replaceFirst("\"rdl\" : \"[^\"]*\"", Matcher.quoteReplacement("\"rdl\" : " + tree));
    try {
      ScenarioIO.parse(json, "deep.json");
      fail("expected a FormatException");
    } catch (FormatException e) {
      assertThat(e.getMessage()).startsWith("deep.json at $");
      assertThat(e.problem()).containsIgnoringCase("nesting depth");
    }
  }

  @Test
  void tenMegabyteRdlTextInAScenarioIsReadAndChecked() throws Exception {
    String atom = "atom(<1024,1>,1,10,1,10)";
    StringBuilder sb = new StringBuilder("all(");
    for (int i = 0; sb.length() < 10_000_000; i++) sb.append(i == 0 ? "" : ",").append(atom);
    String json =
        edit(
            "window(order(atom(<1024,1>,1,10,240,2400),atom(<1024,1>,1,20,120,2400),atom(<1024,1>,1,15,120,1800)),0,800)",
            sb.append(')').toString());
    Scenario s = ScenarioIO.parse(json, "big.json");
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(s))).isEmpty();
  }

  @Test
  void infeasibleReservationIsAWarningNotAnError() throws Exception {
    Scenario s = ScenarioIO.parse(edit(",0,800)\"", ",0,300)\""), "fig9.json");
    List<ScenarioProblem> ps = ScenarioChecks.check(s);
    assertThat(ScenarioChecks.errors(ps)).isEmpty();
    assertThat(ScenarioChecks.warnings(ps))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.path()).isEqualTo("$.reservations[0].rdl");
              assertThat(p.message()).contains("cannot be satisfied").contains("480");
            });
  }

  @Test
  void reservationInANonReservableQueueIsAWarning() throws Exception {
    Scenario s =
        ScenarioIO.parse(
            edit("\"queue\" : \"dedicated\"", "\"queue\" : \"root.default\""), "fig9.json");
    List<ScenarioProblem> ps = ScenarioChecks.check(s);
    assertThat(ScenarioChecks.errors(ps)).isEmpty();
    assertThat(ScenarioChecks.warnings(ps))
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.path()).isEqualTo("$.reservations[0].queue");
              assertThat(p.message()).contains("not reservable");
            });
  }

  @Test
  void samplesAreValid() throws Exception {
    for (String name : List.of("fig9-pipeline.json", "fig5b-workflow.json")) {
      Scenario s = ScenarioIO.read(SampleScenarios.sample(name));
      assertThat(ScenarioChecks.check(s)).as(name).isEmpty();
    }
  }

  @Test
  void writtenScenariosReadBackEqual() throws Exception {
    Scenario s = ScenarioIO.parse(FIG9, "fig9.json");
    assertThat(ScenarioIO.parse(ScenarioIO.toJson(s), "again.json")).isEqualTo(s);
    assertThat(ScenarioIO.parse(ScenarioIO.toCompactJson(s), "again.json")).isEqualTo(s);
  }
}
