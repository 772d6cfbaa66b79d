package io.rayon.bench;

import java.io.File;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two builds of the planners timed in one JVM, slice by slice (what {@code bench/run-planner-ab.sh}
 * runs): each side's classes in its own class loader, the harness's workloads prepared by each
 * side, then per workload a warm-up of {@value #WARMUP_NANOS} ns of placement CPU per side and
 * timed slices of at least {@value #SLICE_NANOS} ns, A and B in turn, the side that goes first
 * alternating slice by slice, so that the machine's load and the JIT's state fall on both alike.
 * Prints per workload the CPU time per request of each side (placement loop only, as the harness
 * times it), B/A, and {@code same=true} when the two sides' runs decided the same (their
 * fingerprints, {@link PlannerSlice#run}, are equal). A run whose fingerprint changes from one run
 * to the next is an error (a nondeterministic planner).
 *
 * <p>Usage: {@code PlannerAb CLASSPATH_A CLASSPATH_B SECONDS [--planner SPEC] [harness options]}:
 * each classpath must hold a {@code io.rayon.bench.PlannerSlice} compiled against that side's
 * bench, engine and model classes, first; SECONDS of timed slices per workload and side; SPEC as
 * the harness's {@code --planners} takes one (default {@code greel-plus}); the harness options as
 * {@code bench/run-hadoop-comparison.sh} takes them ({@code --workloads ii,iii}, {@code --seed},
 * {@code --trace}, ...).
 */
public final class PlannerAb {
  static final long WARMUP_NANOS = 1_500_000_000L;
  static final long SLICE_NANOS = 300_000_000L;

  private PlannerAb() {}

  /** One side: its loader, its slice's run and its prepared workloads. */
  record Side(ClassLoader loader, Method run, Object workloads) {
    /** One run, with this side's loader as the thread's context loader while it runs. */
    long[] run(int i, String spec) throws Exception {
      Thread t = Thread.currentThread();
      ClassLoader before = t.getContextClassLoader();
      t.setContextClassLoader(loader);
      try {
        return (long[]) run.invoke(null, workloads, i, spec);
      } finally {
        t.setContextClassLoader(before);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("--combine")) {
      for (String row :
          combine(Files.readAllLines(Path.of(args[1])), Files.readAllLines(Path.of(args[2]))))
        System.out.println(row);
      return;
    }
    if (args.length < 3) {
      System.err.println(
          "usage: PlannerAb CLASSPATH_A CLASSPATH_B SECONDS [--planner SPEC] [harness options]");
      System.exit(2);
    }
    double seconds = Double.parseDouble(args[2]);
    if (!(seconds > 0)) throw new IllegalArgumentException("SECONDS must be more than 0");
    List<String> rest = new ArrayList<>(Arrays.asList(args).subList(3, args.length));
    String spec = "greel-plus";
    int p = rest.indexOf("--planner");
    if (p >= 0) {
      if (p + 1 >= rest.size()) throw new IllegalArgumentException("--planner needs a value");
      spec = rest.get(p + 1);
      rest.subList(p, p + 2).clear();
    }
    String[] harness = rest.toArray(new String[0]);
    Side a = side(args[0], harness);
    Side b = side(args[1], harness);
    Class<?> slice = a.run.getDeclaringClass();
    int n = (int) slice.getMethod("count", Object.class).invoke(null, a.workloads);
    Method label = slice.getMethod("label", Object.class, int.class);
    Method size = slice.getMethod("size", Object.class, int.class);
    System.out.println("planner " + spec + ", " + seconds + " s of timed slices per side");
    for (int i = 0; i < n; i++) {
      int requests = (int) size.invoke(null, a.workloads, i);
      String name = (String) label.invoke(null, a.workloads, i);
      long[][] m = compare(a, b, i, spec, (long) (seconds * 1e9), WARMUP_NANOS, SLICE_NANOS);
      System.out.println(line(name, m, requests));
    }
  }

  /**
   * Workload {@code i} on both sides: {@code warmupNanos} of placement CPU each, then slices of at
   * least {@code sliceNanos} each, A and B in turn, until each has about {@code timedNanos} (at
   * least 4 slices). Returns {CPU ns per side}, {runs per side}, {fingerprint per side}.
   */
  static long[][] compare(
      Side a, Side b, int i, String spec, long timedNanos, long warmupNanos, long sliceNanos)
      throws Exception {
    Side[] sides = {a, b};
    long[] fingerprint = new long[2];
    for (int s = 0; s < 2; s++) {
      long spent = 0;
      boolean first = true;
      while (spent < warmupNanos) {
        long[] r = sides[s].run(i, spec);
        check(first, fingerprint, s, r[1]);
        first = false;
        spent += Math.max(1, r[0]);
      }
    }
    long[] cpu = new long[2];
    long[] runs = new long[2];
    int slices = (int) Math.max(4, Math.ceil((double) timedNanos / sliceNanos));
    for (int k = 0; k < slices; k++) {
      for (int j = 0; j < 2; j++) {
        int s = k % 2 == 0 ? j : 1 - j;
        long spent = 0;
        while (spent < sliceNanos) {
          long[] r = sides[s].run(i, spec);
          check(false, fingerprint, s, r[1]);
          spent += Math.max(1, r[0]);
          runs[s]++;
        }
        cpu[s] += spent;
      }
    }
    return new long[][] {cpu, runs, fingerprint};
  }

  static void check(boolean first, long[] fingerprint, int side, long value) {
    if (first) fingerprint[side] = value;
    else if (fingerprint[side] != value)
      throw new IllegalStateException(
          "side " + (side == 0 ? "A" : "B") + " decided differently from one run to the next");
  }

  static String line(String label, long[][] m, int requests) {
    double ua = m[0][0] / 1e3 / (m[1][0] * (double) requests);
    double ub = m[0][1] / 1e3 / (m[1][1] * (double) requests);
    return String.format(
        Locale.ROOT,
        "%-36s A %8.2f us/request  B %8.2f us/request  B/A %.3f  same=%s",
        label,
        ua,
        ub,
        ub / ua,
        m[2][0] == m[2][1]);
  }

  /** A row of {@link #line}: the label, then B/A and same. */
  private static final Pattern ROW =
      Pattern.compile(
          "(.*?) +A +[0-9.]+ us/request +B +[0-9.]+ us/request +B/A ([0-9.]+) +same=(true|false)");

  /**
   * Two runs' rows combined, workload by workload: {@code ab} measured the older build as A and the
   * newer as B, {@code ba} the other way round (lines that are not rows are passed over). Per
   * workload: the newer build's time over the older's, the geometric mean of the first run's B/A
   * and the second's A/B, in which what the order of the sides does cancels out; how much slower
   * the side measured as B was, the geometric mean of the two B/A; and same=true when both runs
   * found both builds deciding the same.
   */
  static List<String> combine(List<String> ab, List<String> ba) {
    List<Matcher> first = rows(ab);
    List<Matcher> second = rows(ba);
    if (first.size() != second.size())
      throw new IllegalArgumentException(
          "the two runs have " + first.size() + " and " + second.size() + " workloads");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < first.size(); i++) {
      Matcher x = first.get(i);
      Matcher y = second.get(i);
      if (!x.group(1).equals(y.group(1)))
        throw new IllegalArgumentException(
            "row "
                + (i + 1)
                + " is '"
                + x.group(1)
                + "' in one run, '"
                + y.group(1)
                + "' in the other");
      double r1 = Double.parseDouble(x.group(2));
      double r2 = Double.parseDouble(y.group(2));
      boolean same = x.group(3).equals("true") && y.group(3).equals("true");
      out.add(
          String.format(
              Locale.ROOT,
              "%-36s tree/old %.3f  B slower %.3f  same=%s",
              x.group(1),
              Math.sqrt(r1 / r2),
              Math.sqrt(r1 * r2),
              same));
    }
    return out;
  }

  private static List<Matcher> rows(List<String> lines) {
    List<Matcher> out = new ArrayList<>();
    for (String l : lines) {
      Matcher m = ROW.matcher(l.strip());
      if (m.matches()) out.add(m);
    }
    return out;
  }

  static Side side(String classpath, String[] harness) throws Exception {
    List<URL> urls = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (entry.isEmpty()) continue;
      urls.add(url(entry));
    }
    URLClassLoader loader =
        new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    Class<?> slice = Class.forName("io.rayon.bench.PlannerSlice", true, loader);
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(loader);
    try {
      Object workloads = slice.getMethod("prepare", String[].class).invoke(null, (Object) harness);
      Method run = slice.getMethod("run", Object.class, int.class, String.class);
      return new Side(loader, run, workloads);
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }

  private static URL url(String entry) throws MalformedURLException {
    return new File(entry).toURI().toURL();
  }
}
