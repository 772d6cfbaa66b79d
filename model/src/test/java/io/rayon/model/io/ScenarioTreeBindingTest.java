package io.rayon.model.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.rayon.model.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link ScenarioIO#parseCarefully} (the path of a file the direct binding gives up on) binds a
 * scenario from the JSON tree its shape check already read, instead of parsing the text a second
 * time; only a failed binding is repeated from the text, for its line and column. The scenario it
 * reads must be the one a binding from the text gives, on every file: seeded generated scenarios
 * and the shipped samples; and a binding error must still be located in the text.
 */
class ScenarioTreeBindingTest {

  @Test
  void generatedScenariosReadTheSameAsBoundFromTheirText() throws Exception {
    Random rnd = new Random(71207L);
    for (int i = 0; i < 300; i++) {
      String json = ScenarioTexts.scenario(rnd);
      Scenario viaTree = ScenarioIO.parseCarefully(json, "g" + i + ".json");
      assertThat(viaTree)
          .as("scenario %d:%n%s", i, json)
          .isEqualTo(ScenarioTexts.boundByMapper(json));
    }
  }

  @Test
  void theShippedSamplesReadTheSameAsBoundFromTheirText() throws Exception {
    Path dir = JsonMutations.samples();
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    int scenarios = 0;
    for (Path f : files) {
      String json = Files.readString(f);
      if (!json.contains("\"cluster\"") || json.contains("\"subClusterSetups\"")) continue;
      Scenario s;
      try {
        s = ScenarioIO.parseCarefully(json, f.getFileName().toString());
      } catch (FormatException e) {
        continue; // another kind of file (RUSH, federation)
      }
      assertThat(s).as(f.toString()).isEqualTo(ScenarioTexts.boundByMapper(json));
      scenarios++;
    }
    assertThat(scenarios).isGreaterThanOrEqualTo(3);
  }

  @Test
  void aBindingErrorIsStillLocatedInTheText() {
    // well shaped, but the reservation lacks its RDL: the record refuses it on binding
    String json =
        """
        {"formatVersion": 1, "stepSeconds": 60, "horizonSteps": 10,
         "cluster": {"name": "c", "nodeGroups": [{"name": "n", "count": 1, "capacity": {"memoryMB": 1, "vcores": 1}}]},
         "reservations": [
           {"id": "r", "priority": 0, "arrival": 0}]}
        """;
    FormatException e =
        catchThrowableOfType(() -> ScenarioIO.parse(json, "s.json"), FormatException.class);
    assertThat(e.getMessage()).contains("s.json").contains("(line 4").contains("rdl");
  }
}
