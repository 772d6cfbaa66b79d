package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A file of the wrong kind (a plan given as scenario, a scenario given as plan) names the missing
 * field.
 */
class MissingRequiredFieldTest {
  @Test
  void aPlanFileReadAsScenarioNamesTheMissingCluster() {
    String plan = "{\"formatVersion\": 1, \"stepSeconds\": 60, \"horizonSteps\": 10}";
    assertThatThrownBy(() -> ScenarioIO.parse(plan, "p.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("p.json at $.cluster")
        .hasMessageContaining("missing required field 'cluster'");
  }

  @Test
  void aScenarioReadAsPlanNamesTheMissingPlanner() {
    String scenario = "{\"formatVersion\": 1, \"stepSeconds\": 60, \"horizonSteps\": 10}";
    assertThatThrownBy(() -> PlanFileIO.parse(scenario, "s.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("s.json at $.planner")
        .hasMessageContaining("missing required field 'planner'");
  }

  @Test
  void aNullEntryInAListSaysSoInsteadOfNullPointerException() {
    String json =
        """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 10,
         "cluster": {"name": "c", "nodeGroups": [null]}}
        """;
    assertThatThrownBy(() -> ScenarioIO.parse(json, "s.json"))
        .isInstanceOf(FormatException.class)
        .hasMessageContaining("s.json at $.cluster")
        .hasMessageContaining("contains null")
        .hasMessageNotContaining("NullPointerException");
  }
}
