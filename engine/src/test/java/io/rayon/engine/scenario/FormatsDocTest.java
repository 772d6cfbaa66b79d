package io.rayon.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.io.Json;
import io.rayon.model.io.ScenarioIO;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.rdl.RdlParser;
import io.rayon.model.scenario.Scenario;
import io.rayon.testsupport.SampleScenarios;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The examples in docs/formats.md are real: they read, and pass the checks. */
class FormatsDocTest {

  static List<String> jsonBlocks() {
    String md = SampleScenarios.read(SampleScenarios.repoRoot().resolve("docs/formats.md"));
    List<String> out = new ArrayList<>();
    int i = 0;
    while ((i = md.indexOf("```json\n", i)) >= 0) {
      int end = md.indexOf("```", i + 8);
      out.add(md.substring(i + 8, end));
      i = end + 3;
    }
    return out;
  }

  @Test
  void theEveryFieldExampleReadsAndPassesTheChecks() throws Exception {
    Scenario s = ScenarioIO.parse(jsonBlocks().get(0), "docs/formats.md");
    assertThat(ScenarioChecks.check(s)).isEmpty();
    assertThat(s.cluster().subClusters()).hasSize(2);
    assertThat(s.cluster().capacityChanges()).hasSize(1);
    assertThat(s.reservations().get(1).rdl()).isInstanceOf(Rdl.Atom.class);
    assertThat(s.workload().jobs().get(0).tasks().get(1).after()).containsExactly("map");
    assertThat(ScenarioIO.parse(ScenarioIO.toJson(s), "again")).isEqualTo(s);
  }

  @Test
  void theRdlTreeExampleIsTheTextExample() throws Exception {
    Rdl tree = Json.mapper().readValue(jsonBlocks().get(1), Rdl.class);
    assertThat(tree)
        .isEqualTo(
            RdlParser.parse(
                "window(order(atom(<1024,1>,1,10,240,2400),atom(<2048,1,gpu=1>,2,4,5,20)),0,800)"));
  }
}
