package io.rayon.cli;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.rayon.model.io.Json;
import io.rayon.model.live.ClusterSnapshot;
import io.rayon.model.time.Durations;
import io.rayon.yarn.SnapshotText;
import io.rayon.yarn.YarnRestClient;
import io.rayon.yarn.YarnRestException;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rayon live URL}: reads a YARN ResourceManager (or Federation Router) and prints cluster
 * metrics, nodes, queues, running applications and the reservations in YARN's plan; polls every
 * {@code --period} until stopped, or once with {@code --once}. Read-only.
 */
@Command(
    name = "live",
    mixinStandardHelpOptions = true,
    description = {
      "Print a snapshot of a live YARN cluster: metrics, nodes, queues, applications, reservations.",
      "Polls every --period until interrupted (or --count polls); --once reads one snapshot.",
      "JSON keys: source, takenAt, info, metrics, nodes, schedulerType, rootQueue, apps, reservationQueues,"
          + " reservations, warnings.",
      "Each request has one deadline (--timeout) for headers and body; a reply above --max-body is refused;",
      "redirects are followed only on the same server (scheme, host, port), never with credentials elsewhere.",
      "Exit codes: 0 answered, 1 the cluster did not answer (last poll), 2 bad input."
    })
public final class LiveCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "URL",
      description = "ResourceManager web address, e.g. http://rm:8088")
  String url;

  @Option(names = "--once", description = "Read one snapshot and exit.")
  boolean once;

  @Option(
      names = "--period",
      defaultValue = "5s",
      description = "Time between polls (default ${DEFAULT-VALUE}).")
  String period;

  @Option(
      names = "--count",
      description = "Stop after this many polls (default: until interrupted).")
  Integer count;

  @Option(
      names = "--queue",
      description =
          "Reservable queue whose plan to list (repeatable; default: every plan queue found).")
  List<String> queues;

  @Option(
      names = "--json",
      description = "Print JSON (one indented document with --once, else one line per poll).")
  boolean json;

  @Mixin YarnConnectionOptions conn;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Duration p;
    try {
      p = Durations.parsePositive(period);
    } catch (IllegalArgumentException e) {
      throw new CliSupport.BadInputException("--period: " + e.getMessage(), e);
    }
    if (p.toMillis() < 500)
      throw new CliSupport.BadInputException("--period must be at least 500ms, was " + period);
    if (count != null && count < 1)
      throw new CliSupport.BadInputException("--count must be at least 1, was " + count);
    int polls = once ? 1 : count == null ? Integer.MAX_VALUE : count;
    YarnRestClient client;
    try {
      client = new YarnRestClient(conn.connection(url, false, System.getenv()));
    } catch (YarnRestException e) {
      throw new CliSupport.BadInputException(e.getMessage(), e);
    }
    String server = client.connection().baseUrl().toString();
    Set<String> noted = ConcurrentHashMap.newKeySet();
    client.onNotice(
        n -> {
          // once per run, not once per poll
          if (!noted.add(n)) return;
          err.println("rayon: " + server + ": note: " + n);
          err.flush();
        });
    Instant staleSince = null;
    boolean lastOk = false;
    for (int i = 0; i < polls; i++) {
      if (i > 0) Thread.sleep(p.toMillis());
      try {
        ClusterSnapshot s = client.snapshot(queues == null ? List.of() : queues);
        if (json && polls == 1) CliSupport.printJson(out, s);
        else if (json)
          out.println(
              Json.mapper()
                  .writer()
                  .without(SerializationFeature.INDENT_OUTPUT)
                  .writeValueAsString(s));
        else out.print(SnapshotText.format(s) + (polls > 1 ? "\n" : ""));
        out.flush();
        staleSince = null;
        lastOk = true;
      } catch (YarnRestException e) {
        if (e.kind() == YarnRestException.Kind.INTERRUPTED) break;
        if (staleSince == null) staleSince = Instant.now();
        err.println(
            "rayon: "
                + server
                + ": "
                + e.getMessage()
                + (polls > 1 ? " (data stale since " + staleSince + ")" : ""));
        err.flush();
        lastOk = false;
      }
    }
    return lastOk ? CliSupport.EXIT_OK : CliSupport.EXIT_FAILURE;
  }
}
