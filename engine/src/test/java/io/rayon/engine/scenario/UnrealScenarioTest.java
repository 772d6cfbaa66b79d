package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.ScenarioIO;
import io.rayon.model.scenario.Scenario;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 14 item 7: scenarios that cannot be real are refused (errors) or flagged (warnings), each
 * at its JSON path.
 */
class UnrealScenarioTest {

  static List<ScenarioProblem> check(String from, String to) throws Exception {
    Scenario s = ScenarioIO.parse(ScenarioBadInputTest.edit(from, to), "s.json");
    return ScenarioChecks.check(s);
  }

  static void assertError(List<ScenarioProblem> ps, String path, String text) {
    assertThat(ScenarioChecks.errors(ps))
        .as(ps.toString())
        .anySatisfy(p -> assertThat(p.toString()).contains(path).contains(text));
  }

  @Test
  void theSampleItselfIsClean() throws Exception {
    assertThat(ScenarioChecks.errors(check("\"racks\" : 2", "\"racks\" : 2"))).isEmpty();
  }

  @Test
  void capacityChangesThatMakeCapacityNegativeAreRefused() throws Exception {
    String changes =
        "\"racks\" : 2\n    } ], \"capacityChanges\" : [ "
            + "{\"step\": 10, \"delta\": {\"memoryMB\": -100000, \"vcores\": -40}, \"reason\": \"fail\"}, "
            + "{\"step\": 20, \"delta\": {\"memoryMB\": -100000, \"vcores\": -40}, \"reason\": \"fail again\"} ]";
    String text = ScenarioBadInputTest.edit("\"racks\" : 2\n    } ]", changes);
    List<ScenarioProblem> ps = ScenarioChecks.check(ScenarioIO.parse(text, "s.json"));
    assertError(ps, "$.cluster.capacityChanges[1].delta", "negative");
    assertThat(ScenarioChecks.errors(ps))
        .noneMatch(p -> p.toString().contains("capacityChanges[0]"));
  }

  @Test
  void changesAtOneStepCountTogether() throws Exception {
    String changes =
        "\"racks\" : 2\n    } ], \"capacityChanges\" : [ "
            + "{\"step\": 10, \"delta\": {\"memoryMB\": -200000, \"vcores\": -80}, \"reason\": \"swap out\"}, "
            + "{\"step\": 10, \"delta\": {\"memoryMB\": 100000, \"vcores\": 40}, \"reason\": \"swap in\"} ]";
    String text = ScenarioBadInputTest.edit("\"racks\" : 2\n    } ]", changes);
    assertThat(ScenarioChecks.errors(ScenarioChecks.check(ScenarioIO.parse(text, "s.json"))))
        .isEmpty();
  }

  @Test
  void cyclicAfterDependenciesAreRefused() throws Exception {
    List<ScenarioProblem> ps =
        check("\"durationS\" : 14400 }", "\"durationS\" : 14400, \"after\" : [ \"stage3\" ] }");
    assertError(ps, "$.workload.jobs[0].tasks", "cycle");
    assertError(ps, "$.workload.jobs[0].tasks", "stage1");
  }

  @Test
  void duplicateUsersAreRefused() throws Exception {
    assertError(
        check("[ \"pipeline\", \"analyst\" ]", "[ \"pipeline\", \"analyst\", \"pipeline\" ]"),
        "$.users[2]",
        "duplicate user 'pipeline'");
  }

  @Test
  void usagePhasesLongerThanTheTaskAreRefused() throws Exception {
    assertError(
        check("{ \"durationS\" : 280,", "{ \"durationS\" : 2800,"),
        "$.workload.jobs[1].tasks[0].usage",
        "longer than the task's 300 s");
  }

  @Test
  void aReservationArrivingAfterTheHorizonIsAWarning() throws Exception {
    List<ScenarioProblem> ps = check("\"arrival\" : 0", "\"arrival\" : 5000");
    assertThat(ScenarioChecks.warnings(ps))
        .anySatisfy(
            p ->
                assertThat(p.toString())
                    .contains("$.reservations[0].arrival")
                    .contains("after the horizon"));
  }

  @Test
  void aTaskCountBeyondIntIsRefusedNotWrapped() throws Exception {
    List<ScenarioProblem> ps = check("\"count\" : 40,", "\"count\" : 2147483647,");
    assertError(ps, "$.workload.jobs[1]", "more than 2147483647 tasks");
  }

  @Test
  void anInvisibleCharacterInADuplicateIdIsNamed() throws Exception {
    List<ScenarioProblem> ps =
        check("[ \"pipeline\", \"analyst\" ]", "[ \"pipe\\u200Bline\", \"pipe\\u200Bline\" ]");
    assertError(ps, "$.users[1]", "pipe<U+200B zero-width space>line");
  }
}
