package io.rayon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioArgumentTest {
  @Test
  void firstNonOptionArgumentWinsOverTheSamplesDirectory() {
    assertEquals(
        Path.of("mine.json"),
        RayonApp.scenarioArgument(List.of("--verbose", "mine.json"), "/opt/rayon/samples"));
  }

  @Test
  void withoutArgumentsTheInstalledSamplesDirectoryGivesSwim256() {
    assertEquals(
        Path.of("/opt/rayon/samples", "swim-256.json"),
        RayonApp.scenarioArgument(List.of(), "/opt/rayon/samples"));
  }

  @Test
  void withoutArgumentsOrSamplesDirectoryTheWorkingDirectorySampleIsUsed() {
    assertEquals(
        Path.of(RayonApp.DEFAULT_SCENARIO), RayonApp.scenarioArgument(List.of("--x"), null));
    assertEquals(Path.of(RayonApp.DEFAULT_SCENARIO), RayonApp.scenarioArgument(List.of(), " "));
  }
}
