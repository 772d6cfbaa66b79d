package io.rayon.app.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * What Help → About says: the version, the libraries the application ships with and their licences,
 * the papers it implements (by title), and where its documentation is. Versions come from {@code
 * about.properties}, filled in by the build, so they are the ones actually used.
 */
public final class About {
  private About() {}

  static Properties versions() {
    Properties p = new Properties();
    try (InputStream in = About.class.getResourceAsStream("/io/rayon/app/about.properties")) {
      if (in != null) p.load(in);
    } catch (IOException e) {
      // a damaged jar: the dialog says "unknown" rather than failing
    }
    return p;
  }

  /**
   * The shipped README: beside the application's jar in an installed application ({@code
   * docs/README.md} and {@code docs/docs/} next to the jars, so the README's links work), or at the
   * root of a source checkout (the jar or classes under {@code app/target}); {@code
   * -Drayon.docs=DIR} names another folder holding {@code README.md}.
   */
  public static Optional<Path> documentation() {
    String prop = System.getProperty("rayon.docs");
    if (prop != null) return readme(Path.of(prop));
    try {
      Path here = Path.of(About.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      for (Path p = here.getParent(); p != null; p = p.getParent()) {
        Path dir = p;
        Optional<Path> r = readme(dir.resolve("docs")).or(() -> readme(dir));
        if (r.isPresent()) return r;
      }
    } catch (URISyntaxException
        | SecurityException
        | NullPointerException
        | IllegalArgumentException e) {
      // no code source (unusual class loader): nothing to find from it
    }
    return Optional.empty();
  }

  /** {@code dir/README.md} when {@code dir} also holds the {@code docs} folder it links to. */
  private static Optional<Path> readme(Path dir) {
    Path r = dir.resolve("README.md");
    return Files.isRegularFile(r) && Files.isDirectory(dir.resolve("docs"))
        ? Optional.of(r)
        : Optional.empty();
  }

  /** The About text. */
  public static String text() {
    Properties v = versions();
    return "Rayon Studio "
        + v.getProperty("version", "unknown")
        + "\n"
        + "A visual planner for cluster reservations: RDL, planning, simulation, live YARN.\n\n"
        + "Papers implemented:\n"
        + "  • Reservation-based Scheduling: If You're Late Don't Blame Us! (Curino et al., SoCC 2014)\n"
        + "  • Resource Management for Parallel Processing Frameworks with Load Awareness at Worker Side\n"
        + "  • RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in Shared Clouds (Huang et al.)\n"
        + "  • Hydra: a federated resource manager for data-center scale analytics (Curino et al., NSDI 2019)\n\n"
        + "Libraries and licences:\n"
        + "  • OpenJFX "
        + v.getProperty("javafx", "?")
        + " — GPL v2 with the Classpath Exception\n"
        + "  • ControlsFX "
        + v.getProperty("controlsfx", "?")
        + " — BSD 3-Clause\n"
        + "  • ojAlgo "
        + v.getProperty("ojalgo", "?")
        + " — MIT\n"
        + "  • Jackson "
        + v.getProperty("jackson", "?")
        + " — Apache 2.0\n"
        + "  • picocli "
        + v.getProperty("picocli", "?")
        + " (command line) — Apache 2.0\n\n"
        + "Documentation: README.md and docs/ in the distribution (formats, planner options, simulator,\n"
        + "live cluster, traces, benchmarks, experiments); `rayon --help` for the command line.";
  }
}
