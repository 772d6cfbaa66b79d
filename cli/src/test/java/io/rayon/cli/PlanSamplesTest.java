package io.rayon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Every sample scenario plans with GREE and GREE-L into a plan that the validator accepts. */
class PlanSamplesTest {
  @TempDir Path dir;

  static Stream<Path> samples() throws Exception {
    Path root = Path.of("").toAbsolutePath();
    while (!Files.isDirectory(root.resolve("sample-clusters"))) root = root.getParent();
    try (Stream<Path> s = Files.list(root.resolve("sample-clusters"))) {
      List<Path> l =
          s.filter(
                  p ->
                      p.toString().endsWith(".json")
                          && !p.getFileName().toString().startsWith("federation-")
                          && !p.getFileName().toString().startsWith("rush-"))
              .sorted()
              .toList();
      return l.stream();
    }
  }

  private static int run(StringWriter out, String... args) {
    CommandLine cl = RayonCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(out, true));
    return cl.execute(args);
  }

  @ParameterizedTest
  @MethodSource("samples")
  void sampleScenariosPlanIntoValidPlans(Path sample) {
    for (String planner : List.of("gree", "greel")) {
      Path plan = dir.resolve(planner + "-" + sample.getFileName());
      StringWriter out = new StringWriter();
      assertThat(
              run(out, "plan", sample.toString(), "--planner", planner, "--out", plan.toString()))
          .as(out.toString())
          .isZero();
      StringWriter v = new StringWriter();
      assertThat(run(v, "validate", sample.toString(), plan.toString())).as(v.toString()).isZero();
    }
  }
}
