package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import org.junit.jupiter.api.Test;

/**
 * The documented defaults must make a valid scenario: omitted queue tree and omitted reservation
 * queue agree.
 */
class ScenarioDefaultsTest {
  private static Scenario parse(String rootQueue, String queueField) throws Exception {
    return ScenarioIO.parse(
        """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 100,
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 2, "capacity": {"memoryMB": 4096, "vcores": 4}}]},
         %s
         "reservations": [{"id": "r", %s "rdl": "atom(<1024,1>,1,2,1,10)", "priority": 0, "arrival": 0}]}
        """
            .formatted(rootQueue, queueField),
        "s.json");
  }

  @Test
  void aScenarioWithoutQueueTreeAcceptsReservationsWithoutQueue() throws Exception {
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(parse("", "")))).isEmpty();
  }

  @Test
  void anUnknownQueueIsStillAnErrorNamingItsPath() throws Exception {
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(parse("", "\"queue\": \"etl\","))))
        .extracting(ScenarioProblem::path)
        .containsExactly("$.reservations[0].queue");
  }

  @Test
  void theDefaultQueueMustExistWhenTheScenarioHasAQueueTree() throws Exception {
    String tree =
        "\"rootQueue\": {\"name\": \"root\", \"guaranteed\": 1.0, \"maximum\": 1.0, \"weight\": 1.0, \"reservable\": false, \"children\": ["
            + "{\"name\": \"prod\", \"guaranteed\": 1.0, \"maximum\": 1.0, \"weight\": 1.0, \"reservable\": true}]},";
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(parse(tree, ""))))
        .extracting(ScenarioProblem::path)
        .containsExactly("$.reservations[0].queue");
  }
}
