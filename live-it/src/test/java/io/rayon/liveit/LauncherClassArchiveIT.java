package io.rayon.liveit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./rayon} launcher's class-data sharing archive for the headless commands, driven
 * through the real script and the command line's packaged jars (this module runs after the cli
 * module is packaged): recorded once, then mapped by every command; recorded again when a jar is
 * newer; an archive the JVM cannot use changes nothing a command prints; {@code RAYON_CDS=off}
 * leaves it out. The desktop application's archive too, recorded when its first session ends
 * (started headless on JavaFX's Monocle platform, as the UI tests run it).
 *
 * <p>The script runs in a copy of the project's layout that holds only what it reads (the script,
 * the packaged jars and class path, a build stamp, the sample it records with), so it never starts
 * a Maven build here.
 */
class LauncherClassArchiveIT {
  private static final String VERSION = "0.1.0-SNAPSHOT";
  private static final String RDL = "atom(<1,1>,1,1,1,1)";

  @TempDir Path root;
  private Path archive;
  private Path cliJar;

  private record Run(int exit, String out, String err) {}

  private static Path project() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isRegularFile(p.resolve("rayon"))) p = p.getParent();
    assertThat(p).as("the project's root, holding ./rayon").isNotNull();
    return p;
  }

  @BeforeEach
  void layout() throws IOException {
    Path project = project();
    Files.copy(project.resolve("rayon"), root.resolve("rayon"));
    Path cli = Files.createDirectories(root.resolve("cli/target"));
    cliJar = cli.resolve("rayon-cli-" + VERSION + ".jar");
    Files.copy(project.resolve("cli/target/rayon-cli-" + VERSION + ".jar"), cliJar);
    Files.copy(project.resolve("cli/target/rayon.classpath"), cli.resolve("rayon.classpath"));
    Path app = Files.createDirectories(root.resolve("app/target"));
    Files.writeString(app.resolve("rayon-app-" + VERSION + ".jar"), "");
    Files.writeString(app.resolve("rayon.classpath"), "");
    Files.createDirectories(root.resolve("sample-clusters"));
    Files.copy(
        project.resolve("sample-clusters/fig9-pipeline.json"),
        root.resolve("sample-clusters/fig9-pipeline.json"));
    // the build stamp last: nothing is newer than it, so the launcher builds nothing
    Files.writeString(app.resolve("rayon.stamp"), "");
    archive = cli.resolve("rayon-cli.jsa");
  }

  private Run rayon(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("rayon").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove("RAYON_JAVA_OPTS");
    pb.environment().remove("RAYON_CDS");
    pb.environment().putAll(env);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Path out = Files.createTempFile(root, "out", ".txt");
    Path err = Files.createTempFile(root, "err", ".txt");
    pb.redirectOutput(out.toFile());
    pb.redirectError(err.toFile());
    int exit = pb.start().waitFor();
    return new Run(
        exit,
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /** How many of the project's classes a run loaded from the archive (the JVM's class log). */
  private long archivedClasses(Map<String, String> env) throws Exception {
    Path log = root.resolve("classes-" + System.nanoTime() + ".log");
    Map<String, String> e = new java.util.HashMap<>(env);
    e.put("RAYON_JAVA_OPTS", "-Xmx512m -Xlog:class+load=info:file=" + log);
    Run r = rayon(e, "rdl", "check", RDL);
    assertThat(r.exit()).as(r.err()).isZero();
    try (Stream<String> lines = Files.lines(log)) {
      return lines
          .filter(l -> l.contains(" io.rayon.") && l.contains("shared objects file (top)"))
          .count();
    }
  }

  @Test
  void recordedOnceThenMappedByEveryCommandAndRecordedAgainWhenAJarIsNewer() throws Exception {
    Run first = rayon(Map.of(), "rdl", "check", RDL);
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).contains("feasible:    yes");
    assertThat(first.err()).contains("recording the command line's class-data archive");
    assertThat(archive).isRegularFile();
    assertThat(Files.size(archive)).isPositive();

    Run second = rayon(Map.of(), "rdl", "check", RDL);
    assertThat(second.exit()).isZero();
    assertThat(second.out()).isEqualTo(first.out());
    assertThat(second.err()).doesNotContain("recording");
    assertThat(archivedClasses(Map.of())).isPositive();

    // a jar rebuilt after the archive was recorded: it is recorded again
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().minusSeconds(60)));
    Files.setLastModifiedTime(cliJar, FileTime.from(Instant.now().minusSeconds(30)));
    Run third = rayon(Map.of(), "rdl", "check", RDL);
    assertThat(third.out()).isEqualTo(first.out());
    assertThat(third.err()).contains("recording");
    assertThat(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(cliJar)))
        .isPositive();
    assertThat(archivedClasses(Map.of())).isPositive();
  }

  @Test
  void anArchiveTheJvmCannotUseChangesNothingACommandPrints() throws Exception {
    Run clean = rayon(Map.of("RAYON_CDS", "off"), "rdl", "check", RDL);
    assertThat(clean.exit()).isZero();
    assertThat(archive).doesNotExist();
    assertThat(archivedClasses(Map.of("RAYON_CDS", "off"))).isZero();

    // not an archive at all, and newer than every jar, so the launcher passes it to the JVM
    byte[] junk = new byte[64 * 1024];
    new java.util.Random(7).nextBytes(junk);
    Files.write(archive, junk);
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
    Run withJunk = rayon(Map.of(), "rdl", "check", RDL);
    assertThat(withJunk.exit()).as(withJunk.err()).isZero();
    assertThat(withJunk.out()).isEqualTo(clean.out());
    assertThat(withJunk.err()).isEmpty();

    // another class path than the one it was recorded with (a jar moved): the same
    Files.delete(archive);
    assertThat(rayon(Map.of(), "rdl", "check", RDL).exit()).isZero();
    Path moved = root.resolve("cli/target/moved.jar");
    Files.copy(cliJar, moved, StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
    Files.setLastModifiedTime(cliJar, FileTime.from(Instant.now().minusSeconds(60)));
    Files.move(moved, cliJar, StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(cliJar, FileTime.from(Instant.now().minusSeconds(60)));
    Run afterMove = rayon(Map.of(), "rdl", "check", RDL);
    assertThat(afterMove.exit()).as(afterMove.err()).isZero();
    assertThat(afterMove.out()).isEqualTo(clean.out());
    assertThat(afterMove.err()).isEmpty();
  }

  private static final String HEADLESS =
      "-Xmx1g -Dtestfx.headless=true -Dprism.order=sw -Dglass.platform=Monocle"
          + " -Dmonocle.platform=Headless -Dprism.text=t2k -Djava.awt.headless=true"
          + " -Drayon.startup.report=true -Drayon.startup.exit=true";

  /**
   * The desktop application's packaged jar and class path in the layout, with Monocle on it; false
   * when this build did not package the app module (the full build, ./test.sh, does).
   */
  private boolean applicationLaidOut() throws IOException {
    Path project = project();
    Path appJar = project.resolve("app/target/rayon-app-" + VERSION + ".jar");
    Path appCp = project.resolve("app/target/rayon.classpath");
    String monocle = System.getProperty("rayon.monocle.jar", "");
    if (!Files.isRegularFile(appJar) || !Files.isRegularFile(appCp) || !new File(monocle).isFile())
      return false;
    Path app = root.resolve("app/target");
    Files.copy(appJar, app.resolve(appJar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(
        app.resolve("rayon.classpath"),
        Files.readString(appCp).strip() + File.pathSeparator + monocle);
    Files.writeString(app.resolve("rayon.stamp"), "");
    return true;
  }

  @Test
  void theDesktopApplicationsArchiveIsRecordedWhenItsFirstSessionEndsThenMapped() throws Exception {
    assumeTrue(applicationLaidOut(), "the app module is not packaged in this build");
    Path app = root.resolve("app/target");
    Path appJar = app.resolve("rayon-app-" + VERSION + ".jar");
    Path appArchive = app.resolve("rayon-app.jsa");
    String headless = HEADLESS;
    String scenario = root.resolve("sample-clusters/fig9-pipeline.json").toString();
    // the launcher opens the application only where there is a display; Monocle needs none
    Map<String, String> env = Map.of("DISPLAY", ":77", "RAYON_JAVA_OPTS", headless);

    Run first = rayon(env, scenario);
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.err())
        .contains("the application's class-data archive is recorded when this session ends")
        .contains("scenario shown");
    assertThat(appArchive).isRegularFile();
    assertThat(Files.size(appArchive)).isPositive();
    try (Stream<Path> left = Files.list(app)) {
      assertThat(left.map(Path::toString)).noneMatch(n -> n.endsWith(".tmp"));
    }

    Path log = root.resolve("app-classes.log");
    Map<String, String> logged =
        Map.of(
            "DISPLAY", ":77", "RAYON_JAVA_OPTS", headless + " -Xlog:class+load=info:file=" + log);
    Run second = rayon(logged, scenario);
    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.err()).doesNotContain("recorded when this session ends");
    try (Stream<String> lines = Files.lines(log)) {
      assertThat(
              lines.filter(
                  l -> l.contains(" io.rayon.app.") && l.contains("shared objects file (top)")))
          .isNotEmpty();
    }

    // a rebuilt jar: recorded again at the end of the next session
    Files.setLastModifiedTime(appArchive, FileTime.from(Instant.now().minusSeconds(60)));
    Files.setLastModifiedTime(appJar, FileTime.from(Instant.now().minusSeconds(30)));
    Run third = rayon(env, scenario);
    assertThat(third.exit()).as(third.err()).isZero();
    assertThat(third.err()).contains("recorded when this session ends");
    assertThat(Files.getLastModifiedTime(appArchive).toInstant())
        .isAfter(Instant.now().minusSeconds(20));
  }

  @Test
  void theApplicationStartsWhenItsJvmCannotRecordAnArchive() throws Exception {
    assumeTrue(applicationLaidOut(), "the app module is not packaged in this build");
    Path app = root.resolve("app/target");
    String scenario = root.resolve("sample-clusters/fig9-pipeline.json").toString();
    // -Xshare:off: a JVM asked to record an archive at exit then refuses to start at all, as does
    // one whose JDK has no archive of its own classes
    Map<String, String> env =
        Map.of("DISPLAY", ":77", "RAYON_JAVA_OPTS", HEADLESS + " -Xshare:off");
    for (int i = 0; i < 2; i++) {
      Run run = rayon(env, scenario);
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.err()).contains("scenario shown").doesNotContain("recorded when");
    }
    assertThat(app.resolve("rayon-app.jsa")).doesNotExist();
    // noted, so that the next starts of this build do not ask the JVM again
    assertThat(app.resolve("rayon-app.jsa.failed")).isRegularFile();
    try (Stream<Path> left = Files.list(app)) {
      assertThat(left.map(Path::toString)).noneMatch(n -> n.endsWith(".tmp"));
    }
  }
}
