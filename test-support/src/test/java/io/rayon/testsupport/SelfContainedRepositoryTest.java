package io.rayon.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A fresh clone in an empty directory must build, test and run its documented commands: no source,
 * script, build file or document may point at a path outside the repository (a sibling folder, a
 * developer's machine).
 */
class SelfContainedRepositoryTest {

  /** Paths that only exist next to the repository or on one machine. */
  private static final Pattern OUTSIDE =
      Pattern.compile(
          "\\.\\./shared|resolveSibling\\(\"shared\"|/work/|/home/[a-z]|/root/|[A-Z]:\\\\\\\\Users");

  private static final Set<String> TEXT =
      Set.of(
          "java",
          "xml",
          "md",
          "sh",
          "json",
          "properties",
          "txt",
          "css",
          "README",
          "run",
          "desktop",
          "yml",
          "yaml");

  @Test
  void noFileRefersToAPathOutsideTheRepository() throws IOException {
    Path root = SampleScenarios.repoRoot();
    List<String> offenders = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files
          .filter(Files::isRegularFile)
          .filter(p -> !excluded(root.relativize(p)))
          .filter(SelfContainedRepositoryTest::isText)
          .forEach(
              p -> {
                List<String> lines;
                try {
                  lines = Files.readAllLines(p, StandardCharsets.UTF_8);
                } catch (IOException e) {
                  return; // not UTF-8 text: a data file, not a reference
                }
                for (int i = 0; i < lines.size(); i++) {
                  if (OUTSIDE.matcher(lines.get(i)).find()) {
                    offenders.add(root.relativize(p) + ":" + (i + 1) + ": " + lines.get(i).strip());
                  }
                }
              });
    }
    assertThat(offenders).as("references to paths outside the repository").isEmpty();
  }

  @Test
  void theTracesTheTestsReadAreCommittedWithTheirSources() throws IOException {
    Path traces = SampleScenarios.repoRoot().resolve("traces");
    String readme = Files.readString(traces.resolve("README.md"));
    try (Stream<Path> files = Files.walk(traces)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String name = p.getFileName().toString();
        if (name.equals("README.md") || name.equals("LICENSE")) continue;
        assertThat(readme)
            .as("traces/README.md names %s with its source and terms", name)
            .contains(name);
      }
    }
  }

  private static boolean excluded(Path rel) {
    String s = rel.toString().replace('\\', '/');
    return s.startsWith(".git/")
        || s.contains("/target/")
        || s.startsWith("target/")
        || s.startsWith("traces/")
        || s.contains("/.jqwik-database")
        || s.endsWith("SelfContainedRepositoryTest.java");
  }

  private static boolean isText(Path p) {
    String name = p.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String ext = dot < 0 ? name : name.substring(dot + 1);
    return TEXT.contains(ext) || name.equals("rayon") || name.equals("test.sh");
  }
}
