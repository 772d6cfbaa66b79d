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
 * per option setting was first taken before the window's room was read once per placement ({@code
 * RequestSize.WindowRoom}, which kept them), and again when the defaults changed (fifth session of
 * 2026-11-27: the rigid shape, {@code max-stretch}, {@code repair=8}). The seventh session's {@code
 * small-repair=32} default changed only the two settings with {@code max-room-share=0.1} (these
 * plans' requests are rarely below {@code small-below}'s 0.0001: the defaults' hash is the one
 * {@code small-repair=0} gives); {@code small-below=0.01} applies it far more. A change meant to
 * keep every decision must keep these hashes. When a change of behaviour is intended, the failure
 * message lists the new hashes to paste here, and the change belongs in the CHANGELOG.
 */
class GreelPlusSystemFingerprintTest {
  static final int WORKLOADS = GreedyFingerprintTest.WORKLOADS;

  private static final Map<String, String> EXPECTED = new TreeMap<>();

  static {
    // the defaults of the fifth session of 2026-11-27 (early-shape=rigid, max-stretch=3 above
    // 0.003,
    // measured from the earliest start; repair=8, no admission, no early reserve), on 160 workloads
    EXPECTED.put(
        "aligned=after-early", "28192f9c69504b19f998f50eb3e511977274a47809e60b69ba379d1c4f5d0937");
    EXPECTED.put("defaults", "2e4a3a9ee17c4f8bba6aa7a29f849f6ad8a1fb2454f99610926f6d1193233f0b");
    EXPECTED.put(
        "direction=late-first", "9b82a9676d7301f68a1db859a9d433e74938ea3309d53350e50c88c7b3cf1b50");
    EXPECTED.put(
        "early-reserve=0.25", "99946bb0012854e6c52517bd650e4db0b9eea06ee09779f06df631a1dd679fd6");
    EXPECTED.put(
        "early-reserve=0.25,reserve-rule=fixed",
        "47c7b5594df1938f17a56c1e027020fad9aa8cd489930b5c3aabf19a009cd7bf");
    EXPECTED.put(
        "early-shape=flat", "bbb97490d65461e98522be30af0ffced41a36d9a3e4670750b6bfd3655b8a687");
    EXPECTED.put(
        "early-shape=tall", "7041f514d4fd2b389f639eae2081fabf43c180dfd605b2f1297ed7b27fcb5efe");
    EXPECTED.put(
        "fourth-session defaults",
        "9afe48e5e620eafc85c6f51608b2e33da57c04bf0263b20117dd5ac84f188a39");
    EXPECTED.put(
        "max-plan-share=0.003", "6d02e3ef895e824b85779c4bc9183786e762dd8b8515435c538c390f5219637a");
    EXPECTED.put(
        "max-room-share=0.1", "c29559e2cbcac4abc660d9254f3a6d1d61d07a870f27bf580e37051b7d899f9e");
    EXPECTED.put(
        "max-room-share=0.1,room-share-below=1",
        "68b0d3dcb64a5fa15007288754bf9b3392b659d66327b7c2ff28c994b2113396");
    EXPECTED.put(
        "max-stretch=0", "99082199a8ad7beaad1f761b23f34c14bb0f111d3aaf04a261217569a0e356e2");
    EXPECTED.put(
        "repair-pick=enough", "7c34c7da9de330b946333ad18b32e7d447e6805b13b8f917188251b756b16ef2");
    EXPECTED.put(
        "repair-pick=flexible", "f66e94bb6829253afcbcc6e2a2d461428c9c5d73dce2169befa987386ca4d0b4");
    EXPECTED.put(
        "repair-pick=most-held",
        "85414d73299c72fe804ba7b540f498cdedb1086a20f5e913488ddc78d192961b");
    EXPECTED.put(
        "repair-pick=singles-enough",
        "d69fcd705ca838fdac7818be1470820edbaa7efa60357f188c8283d15506d150");
    EXPECTED.put(
        "repair-place=late-first",
        "34463dac65912f6e50617195e08989150cde9ca883f67999b4f2cfa8e496e093");
    EXPECTED.put("repair=0", "4c923baf7b5c12978b3fe4a8d1cc3b0d8e91f9ecb9539e0030dc3f5bfcb855b2");
    EXPECTED.put("repair=4", "5244f47f7d238a2938ab8ef356fd558fcb4f2c997284470688835573dc8cd50f");
    EXPECTED.put(
        "stretch-above=0", "21060c1cdb80abf4838738bd30a2d0b5be4454e30f32f887a8ca99a19aaed33e");
    EXPECTED.put(
        "small-below=0.01", "492c6863835e51e86ddadf438133f4ace5bbbaf72c0f8c3ce8c3991cf357bca4");
    EXPECTED.put(
        "small-repair=0", "2e4a3a9ee17c4f8bba6aa7a29f849f6ad8a1fb2454f99610926f6d1193233f0b");
  }

  /**
   * greel-plus's option settings fingerprinted: the defaults, then one option moved off its default
   * each (two where one alone would do nothing), then the defaults before the fifth session.
   */
  static Map<String, Map<String, String>> settings() {
    Map<String, Map<String, String>> out = new LinkedHashMap<>();
    out.put("defaults", Map.of());
    out.put("repair=0", Map.of("repair", "0"));
    out.put("repair=4", Map.of("repair", "4"));
    out.put("repair-pick=most-held", Map.of("repair-pick", "most-held"));
    out.put("repair-pick=enough", Map.of("repair-pick", "enough"));
    out.put("repair-pick=flexible", Map.of("repair-pick", "flexible"));
    out.put("repair-pick=singles-enough", Map.of("repair-pick", "singles-enough"));
    out.put("repair-place=late-first", Map.of("repair-place", "late-first"));
    out.put("early-shape=tall", Map.of("early-shape", "tall"));
    out.put("early-shape=flat", Map.of("early-shape", "flat"));
    out.put("max-stretch=0", Map.of("max-stretch", "0"));
    out.put("stretch-above=0", Map.of("stretch-above", "0"));
    out.put("max-room-share=0.1", Map.of("max-room-share", "0.1"));
    out.put(
        "max-room-share=0.1,room-share-below=1",
        Map.of("max-room-share", "0.1", "room-share-below", "1"));
    out.put("max-plan-share=0.003", Map.of("max-plan-share", "0.003"));
    out.put("early-reserve=0.25", Map.of("early-reserve", "0.25"));
    out.put(
        "early-reserve=0.25,reserve-rule=fixed",
        Map.of("early-reserve", "0.25", "reserve-rule", "fixed"));
    out.put("aligned=after-early", Map.of("aligned", "after-early"));
    out.put("direction=late-first", Map.of("direction", "late-first"));
    // small-repair (seventh session): off, and on for far more of these small plans' requests
    out.put("small-repair=0", Map.of("small-repair", "0"));
    out.put("small-below=0.01", Map.of("small-below", "0.01"));
    // the defaults before the fifth session of 2026-11-27
    out.put(
        "fourth-session defaults",
        Map.of(
            "early-shape",
            "tall",
            "max-stretch",
            "0",
            "stretch-above",
            "0",
            "repair",
            "4",
            "max-room-share",
            "0.1",
            "early-reserve",
            "0.25",
            "small-repair",
            "0"));
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
      accepted += GreedyFingerprintTest.count(text, " accepted");
      rejected += GreedyFingerprintTest.count(text, " rejected");
      moved += GreedyFingerprintTest.count(text, "  moved ");
      actual.put(e.getKey(), GreedyFingerprintTest.sha256(text));
    }
    // the fingerprint must see every outcome often, repairs included, or it would not tell much
    assertThat(accepted).isGreaterThan(1000);
    assertThat(rejected).isGreaterThan(1000);
    assertThat(moved).isGreaterThan(50);
    assertThat(actual)
        .as(
            "decisions changed (%d accepted, %d rejected, %d moved); the new hashes:%n%s",
            accepted, rejected, moved, GreedyFingerprintTest.paste(actual))
        .isEqualTo(EXPECTED);
  }
}
