package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading a scenario lists every shape problem of the file at once, each with its JSON path. */
class ScenarioShapeTest {
  @Test
  void everyWrongTypeIsListedNotOnlyTheFirst() {
    String json =
        """
        {"formatVersion": 1, "stepSeconds": "sixty", "horizonSteps": 1.5,
         "cluster": {"name": "c", "nodeGroups": [
            {"name": "n", "count": "ten", "capacity": {"memoryMB": 1024, "vcores": true}}]},
         "sharingPolicy": "fair:1",
         "reservations": [{"id": "r", "rdl": "atom(<1,1>,1,1,1"}],
         "colour": "blue"}
        """;
    FormatException e =
        catchThrowableOfType(() -> ScenarioIO.parse(json, "s.json"), FormatException.class);
    List<String> paths =
        e.problems().stream().map(p -> p.path().replaceAll(" \\(line .*", "")).toList();
    assertThat(paths)
        .containsExactly(
            "$.stepSeconds",
            "$.horizonSteps",
            "$.cluster.nodeGroups[0].count",
            "$.cluster.nodeGroups[0].capacity.vcores",
            "$.sharingPolicy",
            "$.reservations[0].rdl",
            "$.colour");
    assertThat(e.problems().get(2).path())
        .isEqualTo("$.cluster.nodeGroups[0].count (line 3, column 28)");
    assertThat(e.getMessage())
        .startsWith(
            "s.json at $.stepSeconds (line 1, column 37): wrong type, expected a whole number, found a string \"sixty\"")
        .endsWith("(and 6 more problems)");
    assertThat(e.problems().get(4).message()).contains("unknown sharing policy 'fair'");
    assertThat(e.problems().get(5).message()).startsWith("invalid RDL at line 1");
    assertThat(e.problems().get(6).message())
        .contains("unknown field 'colour'")
        .contains("cluster");
  }

  @Test
  void numbersTooLargeForTheirFieldAreNamed() {
    String json =
        """
        {"formatVersion": 1, "stepSeconds": 99999999999999999999999, "horizonSteps": 10,
         "cluster": {"name": "c", "nodeGroups": []}}
        """;
    FormatException e =
        catchThrowableOfType(() -> ScenarioIO.parse(json, "s.json"), FormatException.class);
    assertThat(e.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.path()).startsWith("$.stepSeconds (line 1");
              assertThat(p.message()).contains("out of range");
            });
  }

  @Test
  void aWellShapedSampleHasNoShapeProblems() throws Exception {
    String json =
        """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 10, "sharingPolicy": "none",
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 2, "capacity": {"memoryMB": 1024, "vcores": 2}}]},
         "reservations": [{"id": "r", "rdl": "atom(<1024,1>,1,1,1,1)", "priority": 0, "arrival": 0}]}
        """;
    assertThat(ScenarioIO.parse(json, "s.json").reservations()).hasSize(1);
  }

  @Test
  void anUnclosedArrayNamesWhereItOpenedInsteadOfACutMessage() {
    String json = "{\"formatVersion\": 1,\n \"users\": [\"a\", \"b\"\n";
    FormatException e =
        catchThrowableOfType(() -> ScenarioIO.parse(json, "s.json"), FormatException.class);
    assertThat(e.getMessage())
        .contains("expected close marker for Array (it opened at line 2, column 11)")
        .doesNotContain("[Source")
        .doesNotEndWith("(start marker");
  }
}
