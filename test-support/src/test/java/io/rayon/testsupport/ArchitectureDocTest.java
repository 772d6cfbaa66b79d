package io.rayon.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code ARCHITECTURE.md} is the newcomer's map: every file or folder of the repository that it
 * names must exist, so that the map cannot drift from the code again (it once named packages,
 * benchmarks and fixtures that did not exist). Paths are written in back-quotes or as Markdown
 * links; {@code .../} abbreviates any run of folders and a class may be named without its {@code
 * .java}.
 */
class ArchitectureDocTest {

  private static final Pattern QUOTED = Pattern.compile("`([^`\\s]+)`|\\]\\(([^)\\s#]+)");

  /** The repository's top-level folders: a quoted path starting with one of them is a claim. */
  private static final Pattern REPO_PATH =
      Pattern.compile(
          "^(model|engine|views|yarn|cli|app|bench|live-it|test-support|sample-clusters|traces|docs|installers)/.*");

  @Test
  void everyPathArchitectureNamesExists() throws IOException {
    Path root = SampleScenarios.repoRoot();
    String text = Files.readString(root.resolve("ARCHITECTURE.md"));
    Set<String> named = new LinkedHashSet<>();
    Matcher m = QUOTED.matcher(text);
    while (m.find()) {
      String path = m.group(1) != null ? m.group(1) : m.group(2);
      if (REPO_PATH.matcher(path).matches()) {
        named.add(path);
      }
    }
    assertThat(named).as("paths named in ARCHITECTURE.md").hasSizeGreaterThan(30);
    List<String> missing = new ArrayList<>();
    for (String path : named) {
      if (!exists(root, path)) {
        missing.add(path);
      }
    }
    assertThat(missing).as("paths ARCHITECTURE.md names that do not exist").isEmpty();
  }

  @Test
  void anAbbreviatedPathMatchesOnlyWhatExists() throws IOException {
    Path root = SampleScenarios.repoRoot();
    assertThat(exists(root, "engine/.../planners/Planners.java")).isTrue();
    assertThat(exists(root, "engine/.../rdl/RdlCompiler")).isTrue();
    assertThat(exists(root, "engine/.../planners/NoSuchPlanner.java")).isFalse();
    assertThat(exists(root, "engine/.../nosuchpackage")).isFalse();
  }

  static boolean exists(Path root, String path) throws IOException {
    String clean = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    if (!clean.contains("...")) {
      return Files.exists(root.resolve(clean)) || Files.exists(root.resolve(clean + ".java"));
    }
    String glob = clean.replace("/.../", "/**/");
    PathMatcher exact = FileSystems.getDefault().getPathMatcher("glob:" + glob);
    PathMatcher java = FileSystems.getDefault().getPathMatcher("glob:" + glob + ".java");
    Path top = root.resolve(clean.substring(0, clean.indexOf('/')));
    try (Stream<Path> all = Files.walk(top)) {
      return all.map(p -> root.relativize(p))
          .map(p -> Path.of(p.toString().replace('\\', '/')))
          .filter(p -> !p.toString().contains("/target/"))
          .anyMatch(p -> exact.matches(p) || java.matches(p));
    }
  }
}
