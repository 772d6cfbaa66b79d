package io.rayon.app.workspace;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What Help → About says: the version, the libraries the application ships with and their
 * licences, the papers it implements (by title), and where its documentation is. Versions come from
 * {@code about.properties}, filled in by the build, so they are the ones actually used.
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

  /** The About text. */
  public static String text() {
    Properties v = versions();
    return "Rayon Studio " + v.getProperty("version", "unknown") + "\n"
        + "A visual planner for cluster reservations: RDL, planning, simulation, live YARN.\n\n"
        + "Papers implemented:\n"
        + "  • Reservation-based Scheduling: If You're Late Don't Blame Us! (Curino et al., SoCC 2014)\n"
        + "  • Resource Management for Parallel Processing Frameworks with Load Awareness at Worker Side\n"
        + "  • RUSH: A RobUst ScHeduler to Manage Uncertain Completion-Times in Shared Clouds (Huang et al.)\n"
        + "  • Hydra: a federated resource manager for data-center scale analytics (Curino et al., NSDI 2019)\n\n"
        + "Libraries and licences:\n"
        + "  • OpenJFX " + v.getProperty("javafx", "?") + " — GPL v2 with the Classpath Exception\n"
        + "  • ControlsFX " + v.getProperty("controlsfx", "?") + " — BSD 3-Clause\n"
        + "  • ojAlgo " + v.getProperty("ojalgo", "?") + " — MIT\n"
        + "  • Jackson " + v.getProperty("jackson", "?") + " — Apache 2.0\n"
        + "  • picocli " + v.getProperty("picocli", "?") + " (command line) — Apache 2.0\n\n"
        + "Documentation: README.md and docs/ in the distribution (formats, planner options, simulator,\n"
        + "live cluster, traces, benchmarks, experiments); `rayon --help` for the command line.";
  }
}
