package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.engine.plugin.Options;
import io.rayon.engine.reservation.ReservationSystem;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.Decision;
import io.rayon.model.plan.Rejection;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.reservation.ReservationRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A differential fingerprint of greel-plus as users run it: through {@link
 * ReservationSystem#create} (so with its admission, its crowded reserve and bounded repair), at its
 * defaults and with each option moved off its default once. On {@value #WORKLOADS} of {@link
 * GreedyFingerprintTest}'s seeded workloads (its clusters, policies, arrivals and crowded plans),
 * every decision is written down exactly (accepted with its allocation, or the rejection's code and
 * text), then what each repair moved ({@link ReservationSystem#lastMoves}), then the plan at the
 * end (every reservation's allocation: a move changes an earlier one). The SHA-256 of that record
 * per option setting was taken from the code before the window's room was read once per placement
 * ({@code RequestSize.WindowRoom}); a change meant to keep every decision must keep these hashes.
 * When a change of behaviour is intended, the failure message lists the new hashes to paste here,
 * and the change belongs in the CHANGELOG.
 */
class GreelPlusSystemFingerprintTest {
  static final int WORKLOADS = 96;

  private static final Map<String, String> EXPECTED = new TreeMap<>();

  static {
    // taken from the code at 8dae345, before the room was read once per placement
    EXPECTED.put(
        "aligned=after-early", "23507ea0cfb58129a2cddfac95766af8ec4a3be12183ebf0747d7725d1eff6f4");
    EXPECTED.put("defaults", "1d0db25661013465e6d1941376065e0a9b6b890dd60ad3c6118ee96bbbabf5bd");
    EXPECTED.put(
        "direction=late-first", "3e2a2679d13d0830d2d0ee2d4dec423058746ce19bb7b91670eb26b6fd61b515");
    EXPECTED.put(
        "early-reserve=0", "8a214025197fc54192beed356b05fb1fb923aabd557c76d9c2ec37761a6441b1");
    EXPECTED.put(
        "early-shape=flat", "646a8af5cd9f6327d1f8e4b4b2069c42fe1cc73934b2a2746b9065cacf821f89");
    EXPECTED.put(
        "max-plan-share=0.003", "5e16a6690ee3696d4369442a3b64dcea43bf738437aa98cd27539e5829bf065c");
    EXPECTED.put(
        "max-room-share=1", "74053fbcc85bc70cbf7949458130c361ae9c28b1a38602a4613a966cd03f32e9");
    EXPECTED.put(
        "repair-pick=enough", "08e348470b484d65c686c35f330ec7ec7a4d44e005f192135e2230641c503141");
    EXPECTED.put(
        "repair-pick=flexible", "492a8bfb3bf510908f6c867a0a806972e52ba1370dc7396fe6c6f5734907ffb3");
    EXPECTED.put(
        "repair-pick=most-held",
        "9bee7cd2628f1a10de0ea72774311bf5bf77068de59d402c3a5da9daf81825a3");
    EXPECTED.put(
        "repair-place=late-first",
        "4cba87ac4ee16d864a8a678f478b62cddf23792adb0a1eda926dda15cd00572d");
    EXPECTED.put("repair=0", "0d4c32fa5437e4d1013e7975c27234c79c812e8f54e6c36a5fcc5796e5704ff2");
    EXPECTED.put("repair=8", "6d173a628790d53fe949d2c38878c1040cc1f59449662d48b9895d5533c119b8");
    EXPECTED.put(
        "reserve-rule=fixed", "cfba282eca277c4e3a18134ab4f474b0002460ef15864f922c84538cd45bc684");
    EXPECTED.put(
        "room-share-below=1", "293adf228da2e6880ecd69c129409f9a0e6d714fc0ef65a0a35025d674857a3c");
  }

  /** greel-plus's option settings fingerprinted: the defaults, then one option moved each. */
  static Map<String, Map<String, String>> settings() {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    out.put("defaults", Map.of());
    out.put("repair=0", Map.of("repair", "0"));
    out.put("repair=8", Map.of("repair", "8"));
    out.put("repair-pick=most-held", Map.of("repair-pick", "most-held"));
    out.put("repair-pick=enough", Map.of("repair-pick", "enough"));
    out.put("repair-pick=flexible", Map.of("repair-pick", "flexible"));
    out.put("repair-place=late-first", Map.of("repair-place", "late-first"));
    out.put("room-share-below=1", Map.of("room-share-below", "1"));
    out.put("max-room-share=1", Map.of("max-room-share", "1"));
    out.put("max-plan-share=0.003", Map.of("max-plan-share", "0.003"));
    out.put("reserve-rule=fixed", Map.of("reserve-rule", "fixed"));
    out.put("early-reserve=0", Map.of("early-reserve", "0"));
    out.put("aligned=after-early", Map.of("aligned", "after-early"));
    out.put("direction=late-first", Map.of("direction", "late-first"));
    out.put("early-shape=flat", Map.of("early-shape", "flat"));
    return out;
  }

  static GreelPlusPlanner planner(Map<String, String> values) {
    return GreelPlusPlanner.from(Options.parse("greel-plus", GreelPlusPlanner.specs(), values));
  }

  /** Every decision, move and final allocation of {@code p} on every workload, in text. */
  static String record(GreelPlusPlanner p, List<GreedyFingerprintTest.Workload> workloads) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < workloads.size(); i++) {
      GreedyFingerprintTest.Workload w = workloads.get(i);
      Plan plan = w.plan().copy();
      ReservationSystem system = new ReservationSystem(plan, p, w.policy());
      b.append("workload ").append(i).append('\n');
      for (ReservationRequest r : w.requests()) {
        Decision d = system.create(r);
        b.append(d.reservationId());
        if (d.accepted()) {
          b.append(" accepted");
          allocation(b, d.allocation());
        } else {
          Rejection j = d.rejection();
          b.append(" rejected | ").append(j.code()).append(" | ").append(j.message());
        }
        for (Map.Entry<String, ReservationAllocation> m : system.lastMoves().entrySet()) {
          b.append("\n  moved ").append(m.getKey());
          allocation(b, m.getValue());
        }
        b.append('\n');
      }
      b.append("final\n");
      for (String id : plan.reservationIds()) {
        b.append(id);
        allocation(b, plan.allocationOf(id));
        b.append('\n');
      }
    }
    return b.toString();
  }

  private static void allocation(StringBuilder b, ReservationAllocation a) {
    for (AtomAllocation at : a.atoms()) {
      b.append(" | ").append(at.path()).append(' ').append(at.bundle());
      for (Step s : at.steps())
        b.append(" [")
            .append(s.start())
            .append(',')
            .append(s.end())
            .append(")x")
            .append(s.bundles());
    }
  }

  @Test
  void greelPlusThroughTheSystemDecidesExactlyAsBefore() {
    List<GreedyFingerprintTest.Workload> workloads = new ArrayList<>();
    for (int i = 0; i < WORKLOADS; i++) workloads.add(GreedyFingerprintTest.workload(i));
    Map<String, String> actual = new TreeMap<>();
    int accepted = 0;
    int rejected = 0;
    int moved = 0;
    for (Map.Entry<String, Map<String, String>> e : settings().entrySet()) {
      String text = record(planner(e.getValue()), workloads);
      accepted += count(text, " accepted");
      rejected += count(text, " rejected");
      moved += count(text, "  moved ");
      actual.put(e.getKey(), GreedyFingerprintTest.sha256(text));
    }
    // the fingerprint must see every outcome often, repairs included, or it would not tell much
    assertThat(accepted).isGreaterThan(1000);
    assertThat(rejected).isGreaterThan(1000);
    assertThat(moved).isGreaterThan(50);
    StringBuilder paste = new StringBuilder();
    for (Map.Entry<String, String> e : actual.entrySet())
      paste
          .append("    EXPECTED.put(\"")
          .append(e.getKey())
          .append("\", \"")
          .append(e.getValue())
          .append("\");\n");
    assertThat(actual)
        .as(
            "decisions changed (%d accepted, %d rejected, %d moved); the new hashes:%n%s",
            accepted, rejected, moved, paste)
        .isEqualTo(EXPECTED);
  }

  private static int count(String text, String word) {
    int n = 0;
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) n++;
    return n;
  }
}
