package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.policy.SharingPolicies;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.scenario.SharingPolicySpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A differential fingerprint of GREE, GREE-L and greel-plus: on {@value #WORKLOADS} seeded
 * workloads (cluster sizes of 1 to 12 nodes, with and without GPUs, capacity changes, no policy,
 * instantaneous caps of 50% and 100%, capacity-over-time at 60%/30% and 100%, requests arriving at
 * step 0 or at random steps, and crowded plans of several workloads' requests), every decision of
 * each planner and option value is written down exactly: accepted or rejected, every allocation
 * block (path, bundle, start, end, bundles) and every rejection (code, path, window, resource,
 * policy limit and text). The SHA-256 of that record per (planner, options) was taken from the code
 * before GREE and GREE-L were split into their own traversals; the same hashes must come out, so
 * the split changed no decision. When a change of behaviour is intended, the failure message lists
 * the new hashes to paste here, and the change belongs in the CHANGELOG.
 */
class GreedyFingerprintTest {
  static final int WORKLOADS = 160;

  private static final Map<String, String> EXPECTED = new TreeMap<>();

  static {
    // taken from the code before the split
    EXPECTED.put(
        "gree any-order=written flat-fallback=true",
        "d7376bdf4ef408d71c1eaa9c697438c5d7401745ac08fa67ec005f5418e8d1a0");
    EXPECTED.put(
        "gree any-order=written guess-interval=order-only flat-fallback=true",
        "d7376bdf4ef408d71c1eaa9c697438c5d7401745ac08fa67ec005f5418e8d1a0");
    EXPECTED.put(
        "gree any-order=written guess-interval=order-only",
        "d7376bdf4ef408d71c1eaa9c697438c5d7401745ac08fa67ec005f5418e8d1a0");
    EXPECTED.put(
        "gree any-order=written",
        "d7376bdf4ef408d71c1eaa9c697438c5d7401745ac08fa67ec005f5418e8d1a0");
    EXPECTED.put(
        "gree atom-scan=stacked any-order=written flat-fallback=true",
        "7a3b96cc778d45bedfac843f2847bb7b65a9a19464d9f8aa12abe6a457f1b714");
    EXPECTED.put(
        "gree atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "7a3b96cc778d45bedfac843f2847bb7b65a9a19464d9f8aa12abe6a457f1b714");
    EXPECTED.put(
        "gree atom-scan=stacked any-order=written guess-interval=order-only",
        "7a3b96cc778d45bedfac843f2847bb7b65a9a19464d9f8aa12abe6a457f1b714");
    EXPECTED.put(
        "gree atom-scan=stacked any-order=written",
        "7a3b96cc778d45bedfac843f2847bb7b65a9a19464d9f8aa12abe6a457f1b714");
    EXPECTED.put(
        "gree atom-scan=stacked flat-fallback=true",
        "63e312ce0bc8be405018eb56fb0e7ff7361c6ff4435fdecc3c3a83f899d63666");
    EXPECTED.put(
        "gree atom-scan=stacked guess-interval=order-only flat-fallback=true",
        "63e312ce0bc8be405018eb56fb0e7ff7361c6ff4435fdecc3c3a83f899d63666");
    EXPECTED.put(
        "gree atom-scan=stacked guess-interval=order-only",
        "63e312ce0bc8be405018eb56fb0e7ff7361c6ff4435fdecc3c3a83f899d63666");
    EXPECTED.put(
        "gree atom-scan=stacked",
        "63e312ce0bc8be405018eb56fb0e7ff7361c6ff4435fdecc3c3a83f899d63666");
    EXPECTED.put(
        "gree flat-fallback=true",
        "c7bedb586583b56e653c97d694649eb739fd723c9f4a3362f23d9cb3b80ed479");
    EXPECTED.put(
        "gree guess-interval=order-only flat-fallback=true",
        "c7bedb586583b56e653c97d694649eb739fd723c9f4a3362f23d9cb3b80ed479");
    EXPECTED.put(
        "gree guess-interval=order-only",
        "c7bedb586583b56e653c97d694649eb739fd723c9f4a3362f23d9cb3b80ed479");
    EXPECTED.put("gree paper", "c7bedb586583b56e653c97d694649eb739fd723c9f4a3362f23d9cb3b80ed479");
    EXPECTED.put(
        "greel any-order=written flat-fallback=true",
        "20f580f7c5d1c6fe9234ce059eaabfb8582555d14512994184dc5af108a404b8");
    EXPECTED.put(
        "greel any-order=written guess-interval=order-only flat-fallback=true",
        "e1ac6cdd5052989f64fc95caff1c4a9f0dc8aa7e25d6fac9b1c94fd33c79e7f4");
    EXPECTED.put(
        "greel any-order=written guess-interval=order-only",
        "4df26a7ebdec3d6da8b00a3aeda1192e9edfe0485902c8672efd9ae554361fec");
    EXPECTED.put(
        "greel any-order=written",
        "c88579ed87fdf36d7b48755edf4893966a7715815a2b0cf43e9e97f4249dbfd6");
    EXPECTED.put(
        "greel atom-scan=stacked any-order=written flat-fallback=true",
        "d3819bfae6d126de8fb0cf2672299fca6841531080d20b4e2a1cc240cacd684b");
    EXPECTED.put(
        "greel atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "5a13b863a18098a6a5280e72835ed1f78cedaf5308c6bf238141a7beb146da5d");
    EXPECTED.put(
        "greel atom-scan=stacked any-order=written guess-interval=order-only",
        "4df26a7ebdec3d6da8b00a3aeda1192e9edfe0485902c8672efd9ae554361fec");
    EXPECTED.put(
        "greel atom-scan=stacked any-order=written",
        "c88579ed87fdf36d7b48755edf4893966a7715815a2b0cf43e9e97f4249dbfd6");
    EXPECTED.put(
        "greel atom-scan=stacked flat-fallback=true",
        "983835f10034b5b87e34417cf4f97651e9be864022b0c056aa71750395851eab");
    EXPECTED.put(
        "greel atom-scan=stacked guess-interval=order-only flat-fallback=true",
        "4da718d7fb3dbaaafbfecb44b018e3b2cce3a2d9f19178d2b0b1c249381cd151");
    EXPECTED.put(
        "greel atom-scan=stacked guess-interval=order-only",
        "f783f97349278bee9cf1f7c5d0edd80a0000abaa24108c52d9c2f35d3a788fe0");
    EXPECTED.put(
        "greel atom-scan=stacked",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel flat-fallback=true",
        "6cf40f6319e961408b58e4820d637b2c3ab90a12ff714488aacc52889e9aa48d");
    EXPECTED.put(
        "greel guess-interval=order-only flat-fallback=true",
        "1998a3b09eaf7f1695ac64d623c1ff84dbc9fd5653504e1d45bfcd195ba4a138");
    EXPECTED.put(
        "greel guess-interval=order-only",
        "f783f97349278bee9cf1f7c5d0edd80a0000abaa24108c52d9c2f35d3a788fe0");
    EXPECTED.put("greel paper", "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus early-first FLAT atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "01ff48d5996aa49ba36e5d06ce0e2ce59356e32fc094e4418c1bf263587cb9fd");
    EXPECTED.put(
        "greel-plus early-first FLAT atom-scan=stacked flat-fallback=true",
        "7f76715a3e5fe23f5846381b066fa153718426660fa8dc6bf0a04ee702a6888b");
    EXPECTED.put(
        "greel-plus early-first FLAT atom-scan=stacked",
        "f5cc6dcbd17caf74d5e1bc65df5e31856e2a31463434f330ffb15c2cf0b99f65");
    EXPECTED.put(
        "greel-plus early-first FLAT paper",
        "f5cc6dcbd17caf74d5e1bc65df5e31856e2a31463434f330ffb15c2cf0b99f65");
    EXPECTED.put(
        "greel-plus early-first TALL atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "f4b3e84136f7166e7dde821eb52d1ec410ae02e2c3cde128ccf6a3377bf1a247");
    EXPECTED.put(
        "greel-plus early-first TALL atom-scan=stacked flat-fallback=true",
        "e67cd48c88b3ed63a18307e1591568f914536e809ac9abdd7cffb53fce798249");
    EXPECTED.put(
        "greel-plus early-first TALL atom-scan=stacked",
        "e96d03863250d0a7755d9c1bdbf24051b64fc6bc22908da965ea37ff46e9dc4d");
    EXPECTED.put(
        "greel-plus early-first TALL paper",
        "3b64a3a6078f85db5b96a6fc970c3cda43821fa37589b33c399cdca7e05ec19d");
    EXPECTED.put(
        "greel-plus late FLAT atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "5a13b863a18098a6a5280e72835ed1f78cedaf5308c6bf238141a7beb146da5d");
    EXPECTED.put(
        "greel-plus late FLAT atom-scan=stacked flat-fallback=true",
        "983835f10034b5b87e34417cf4f97651e9be864022b0c056aa71750395851eab");
    EXPECTED.put(
        "greel-plus late FLAT atom-scan=stacked",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late FLAT paper",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late TALL atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "5a13b863a18098a6a5280e72835ed1f78cedaf5308c6bf238141a7beb146da5d");
    EXPECTED.put(
        "greel-plus late TALL atom-scan=stacked flat-fallback=true",
        "983835f10034b5b87e34417cf4f97651e9be864022b0c056aa71750395851eab");
    EXPECTED.put(
        "greel-plus late TALL atom-scan=stacked",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late TALL paper",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late-first FLAT atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "f65384f2bcefd32f665d3b1fd300a0cfaf4c700b7fcef3b21a1c57c9dee4179d");
    EXPECTED.put(
        "greel-plus late-first FLAT atom-scan=stacked flat-fallback=true",
        "1125bd3921777adce0e7f65addfaea4088770d562fd3c348ee261367a1e86402");
    EXPECTED.put(
        "greel-plus late-first FLAT atom-scan=stacked",
        "d734ef662e3b043d3ea68f20d2b5c378b923910e51577c98d9bf40a9be87f741");
    EXPECTED.put(
        "greel-plus late-first FLAT paper",
        "d734ef662e3b043d3ea68f20d2b5c378b923910e51577c98d9bf40a9be87f741");
    EXPECTED.put(
        "greel-plus late-first TALL atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "4bceb92dd0e7d94deb69b556b635f694294a8ecc0c4951416e2db95a9dce093a");
    EXPECTED.put(
        "greel-plus late-first TALL atom-scan=stacked flat-fallback=true",
        "1e3f242050e3e2077320ff3749b14d524361f7e301117adc6cfb6c7e0be63b39");
    EXPECTED.put(
        "greel-plus late-first TALL atom-scan=stacked",
        "f198c816c198a3148d78fef297903d9da8914f5152709dfdee5d53842aea1999");
    EXPECTED.put(
        "greel-plus late-first TALL paper",
        "c4841808effece849968121191ef120c41143943ad90a861d58bb5e8075579c8");
    // early-shape=rigid (fifth session of 2026-11-27): new keys; the hashes above are unchanged
    EXPECTED.put(
        "greel-plus early-first RIGID atom-scan=stacked",
        "5c3e4811f32cdc494cde270fb202b569114ff88643a5b45c170fe6a3e092a9c1");
    EXPECTED.put(
        "greel-plus early-first RIGID atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "334f916f97c0d6233e519b887c83faed1d9073b4738f36ec1625d70e03e15514");
    EXPECTED.put(
        "greel-plus early-first RIGID atom-scan=stacked flat-fallback=true",
        "94226a5f757896d6da8d3dfdeb44af2b582874a423bee070d871aa254881df5c");
    EXPECTED.put(
        "greel-plus early-first RIGID paper",
        "5c3e4811f32cdc494cde270fb202b569114ff88643a5b45c170fe6a3e092a9c1");
    EXPECTED.put(
        "greel-plus late RIGID atom-scan=stacked",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late RIGID atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "5a13b863a18098a6a5280e72835ed1f78cedaf5308c6bf238141a7beb146da5d");
    EXPECTED.put(
        "greel-plus late RIGID atom-scan=stacked flat-fallback=true",
        "983835f10034b5b87e34417cf4f97651e9be864022b0c056aa71750395851eab");
    EXPECTED.put(
        "greel-plus late RIGID paper",
        "07b200abd0a863aa66eb9c7ee7d05113bca5ee6956cdeab1bb8de534f1df3b18");
    EXPECTED.put(
        "greel-plus late-first RIGID atom-scan=stacked",
        "9da7338f8ec71dffb593048ef645eb01a2c4521bc8e90b226366d1e0461f1be7");
    EXPECTED.put(
        "greel-plus late-first RIGID atom-scan=stacked any-order=written guess-interval=order-only flat-fallback=true",
        "bc2dd84fd8e8b9a2f5d7e06c6ac327657285a08462e6bb072d606d0a72e34411");
    EXPECTED.put(
        "greel-plus late-first RIGID atom-scan=stacked flat-fallback=true",
        "84bd755395344fa0960eea5d64e8c797a7557ed211e8d36a0b263ea5f29a92e4");
    EXPECTED.put(
        "greel-plus late-first RIGID paper",
        "9da7338f8ec71dffb593048ef645eb01a2c4521bc8e90b226366d1e0461f1be7");
  }

  /** The planners and option values fingerprinted, by a stable key. */
  static Map<String, Planner> planners() {
    Map<String, Planner> out = new LinkedHashMap<>();
    for (int bits = 0; bits < 16; bits++) {
      GreedyOptions o =
          new GreedyOptions((bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0);
      out.put("gree " + o.describe(), new GreePlanner(o));
      out.put("greel " + o.describe(), new GreeLPlanner(o));
    }
    GreedyOptions noFallback =
        new GreedyOptions(
            GreelPlusPlanner.DEFAULT_GREEDY.stackedScan(),
            GreelPlusPlanner.DEFAULT_GREEDY.anyWrittenOrder(),
            GreelPlusPlanner.DEFAULT_GREEDY.guessOrderOnly(),
            false);
    for (GreedyOptions g :
        List.of(
            GreelPlusPlanner.DEFAULT_GREEDY,
            noFallback,
            GreedyOptions.PAPER,
            GreedyOptions.IMPROVED)) {
      for (GreelPlusPlanner.Direction d : GreelPlusPlanner.Direction.values()) {
        for (GreelPlusPlanner.EarlyShape s : GreelPlusPlanner.EarlyShape.values()) {
          out.put(
              "greel-plus " + d.text() + " " + s + " " + g.describe(),
              new GreelPlusPlanner(
                  GreelPlusOptions.PLAIN.withGreedy(g).withDirection(d).withEarlyShape(s)));
        }
      }
    }
    return out;
  }

  /** Workload {@code i}: a seed, an arrival pattern, a policy, sometimes several request sets. */
  static Workload workload(int i) {
    long seed = 0x9E3779B97F4A7C15L * (i + 1);
    RandomWorkloads w =
        i % 2 == 0 ? RandomWorkloads.of(seed) : RandomWorkloads.arrivingAtRandom(seed);
    List<ReservationRequest> requests = new ArrayList<>(w.requests());
    if (i % 3 == 0) {
      // a crowded plan: the requests of three more workloads on this one's cluster (some arrive
      // or have windows after its horizon)
      for (int k = 1; k <= 3; k++) {
        RandomWorkloads more = RandomWorkloads.arrivingAtRandom(seed + k);
        for (ReservationRequest r : more.requests()) {
          requests.add(
              new ReservationRequest(
                  r.id() + "-" + k,
                  r.name(),
                  r.user(),
                  r.queue(),
                  r.rdl(),
                  r.priority(),
                  r.arrival()));
        }
      }
    }
    SharingPolicySpec policy =
        switch (i % 6) {
          case 0 -> SharingPolicySpec.NONE;
          case 1 -> SharingPolicySpec.parse("instantaneous:0.5");
          case 2 -> SharingPolicySpec.parse("instantaneous:1");
          case 3 -> SharingPolicySpec.parse("capacity-over-time:0.6,0.3,30m");
          case 4 -> SharingPolicySpec.parse("capacity-over-time:1,1,30m");
          default -> w.policy();
        };
    return new Workload(w.plan(), policy, requests);
  }

  record Workload(Plan plan, SharingPolicySpec policy, List<ReservationRequest> requests) {}

  /** Every decision of {@code p} on every workload, one line each, in a stable text form. */
  static String record(Planner p, List<Workload> workloads) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < workloads.size(); i++) {
      Workload w = workloads.get(i);
      Plan plan = w.plan().copy();
      PlanningContext ctx =
          PlanningContext.DEFAULT.withPolicy(SharingPolicies.from(w.policy(), plan.stepSeconds()));
      b.append("workload ").append(i).append('\n');
      for (ReservationRequest r : w.requests()) {
        Decision d = p.place(plan, r, ctx);
        b.append(d.reservationId()).append(d.accepted() ? " accepted" : " rejected");
        if (d.accepted()) {
          for (AtomAllocation a : d.allocation().atoms()) {
            b.append(" | ").append(a.path()).append(' ').append(a.bundle());
            for (Step s : a.steps())
              b.append(" [").append(s.start()).append(',').append(s.end()).append(")x");
            // bundles after the range, so a shift and a resize differ
            for (Step s : a.steps()) b.append(s.bundles()).append(';');
          }
          plan.add(r, d.allocation());
        } else {
          Rejection j = d.rejection();
          b.append(" | ")
              .append(j.code())
              .append(" | ")
              .append(j.path())
              .append(" | ")
              .append(j.windowStart())
              .append(',')
              .append(j.windowFinish())
              .append(" | ")
              .append(j.resource())
              .append(" | ")
              .append(j.policyLimit())
              .append(" | ")
              .append(j.message());
        }
        b.append('\n');
      }
    }
    return b.toString();
  }

  static String sha256(String s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void everyPlannerAndOptionDecidesExactlyAsBeforeTheSplit() {
    List<Workload> workloads = new ArrayList<>();
    for (int i = 0; i < WORKLOADS; i++) workloads.add(workload(i));
    Map<String, String> actual = new TreeMap<>();
    int accepted = 0;
    int rejected = 0;
    for (Map.Entry<String, Planner> e : planners().entrySet()) {
      String text = record(e.getValue(), workloads);
      accepted += count(text, " accepted");
      rejected += count(text, " rejected");
      actual.put(e.getKey(), sha256(text));
    }
    // the fingerprint must see both outcomes often, or it would not tell much
    assertThat(accepted).isGreaterThan(1000);
    assertThat(rejected).isGreaterThan(1000);
    assertThat(actual)
        .as(
            "decisions changed (%d accepted, %d rejected); the new hashes:%n%s",
            accepted, rejected, paste(actual))
        .isEqualTo(EXPECTED);
  }

  /** The hashes as the {@code EXPECTED.put} lines to paste into a fingerprint test. */
  static String paste(Map<String, String> hashes) {
    StringBuilder paste = new StringBuilder();
    for (Map.Entry<String, String> e : hashes.entrySet())
      paste
          .append("    EXPECTED.put(\"")
          .append(e.getKey())
          .append("\", \"")
          .append(e.getValue())
          .append("\");\n");
    return paste.toString();
  }

  /** How many times {@code word} occurs in {@code text}. */
  static int count(String text, String word) {
    int n = 0;
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) n++;
    return n;
  }
}
