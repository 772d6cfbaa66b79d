package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import org.junit.jupiter.api.Test;

/** Huge numbers in a scenario are an error naming the place, not an arithmetic overflow later. */
class ScenarioLimitsTest {
  @Test
  void aClusterWhoseTotalCapacityOverflowsIsAnErrorNamingTheNodeGroups() throws Exception {
    Scenario s =
        ScenarioIO.parse(
            """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 100,
         "cluster": {"name": "c", "nodeGroups": [
           {"name": "n", "count": 8, "capacity": {"memoryMB": 9000000000000000000, "vcores": 4}}]}}
        """,
            "s.json");
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(s)))
        .extracting(ScenarioProblem::path)
        .containsExactly("$.cluster.nodeGroups");
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(s)).get(0).message())
        .contains("too large");
  }

  @Test
  void aHorizonLongerThanPlansSupportIsAWarningNamingTheLimit() throws Exception {
    Scenario s =
        ScenarioIO.parse(
            """
        {"formatVersion": 1, "stepSeconds": 1, "horizonSteps": 28763776,
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 2, "capacity": {"memoryMB": 1024, "vcores": 1}}]}}
        """,
            "s.json");
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(s))).isEmpty();
    assertThat(ScenarioChecks.warnings(ScenarioChecks.check(s)))
        .extracting(ScenarioProblem::path)
        .containsExactly("$.horizonSteps");
    assertThat(ScenarioChecks.warnings(ScenarioChecks.check(s)).get(0).message())
        .contains("20000000");
  }
}
