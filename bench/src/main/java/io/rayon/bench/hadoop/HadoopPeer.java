package io.rayon.bench.hadoop;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.resources.Resources;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.authorize.AccessControlList;
import org.apache.hadoop.yarn.api.records.ReservationACL;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.RMContextImpl;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.CapacityOverTimePolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.InMemoryPlan;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.AlignedPlannerWithGreedy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.GreedyReservationAgent;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.ReservationAgent;
import org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator;

/**
 * One of Hadoop 3.4.1's reservation agents running standalone, with no ResourceManager: an {@link
 * InMemoryPlan} over the cluster's total capacity, a {@link CapacityOverTimePolicy} with loose
 * quotas (100% instantaneous, 100% average: the same as our policy "none", as in Hadoop's own
 * {@code TestReservationAgents}), a {@link DefaultResourceCalculator} (memory decides, as YARN's
 * default) and an empty {@link RMContextImpl} (no state store).
 */
public final class HadoopPeer {

  /** The two agents Hadoop ships. */
  public enum Agent {
    /** {@code GreedyReservationAgent} with favor-early-allocation=false: the paper's GREE. */
    GREEDY("hadoop-greedy"),
    /** {@code AlignedPlannerWithGreedy}: low-cost aligned stages, falling back to greedy. */
    ALIGNED("hadoop-aligned");

    public final String label;

    Agent(String label) {
      this.label = label;
    }
  }

  static final String QUEUE = "root.dedicated";

  private final Agent kind;
  private final ReservationAgent agent;
  private final InMemoryPlan plan;
  private final long stepMs;
  private long nextId = 1;

  public HadoopPeer(Agent kind, Resources capacity, long stepMs, Resources minAllocation, Resources maxAllocation) {
    this.kind = kind;
    this.stepMs = stepMs;
    LooseQuotaConfiguration conf = new LooseQuotaConfiguration();
    conf.setBoolean(ReservationAgent.FAVOR_EARLY_ALLOCATION, false);
    CapacityOverTimePolicy policy = new CapacityOverTimePolicy();
    policy.init(QUEUE, conf);
    this.agent = kind == Agent.GREEDY ? new GreedyReservationAgent() : new AlignedPlannerWithGreedy();
    agent.init(conf);
    this.plan =
        new InMemoryPlan(
            null, policy, agent, HadoopTranslation.toHadoop(capacity), stepMs, new DefaultResourceCalculator(),
            HadoopTranslation.toHadoop(minAllocation), HadoopTranslation.toHadoop(maxAllocation), "dedicated",
            null, true, new RMContextImpl());
  }

  public Agent kind() {
    return kind;
  }

  /**
   * Asks the agent to place one reservation; returns its id when accepted, null when rejected. A
   * {@link PlanningException} (from the agent or from {@code plan.addReservation}) is a rejection.
   */
  public ReservationId place(ReservationDefinition definition, String user) {
    ReservationId id = ReservationId.newInstance(0, nextId++);
    try {
      return agent.createReservation(id, user, plan, definition) ? id : null;
    } catch (PlanningException e) {
      return null;
    }
  }

  /** The accepted reservation's allocation in our model (see {@link HadoopTranslation#fromHadoop}). */
  public ReservationAllocation allocationOf(ReservationId id, String ourId, Resources bundle) {
    var a = plan.getReservationById(id);
    if (a == null) throw new IllegalArgumentException("no reservation " + id + " in Hadoop's plan");
    return HadoopTranslation.fromHadoop(ourId, a.getAllocationRequests(), bundle, stepMs);
  }

  public InMemoryPlan plan() {
    return plan;
  }

  /**
   * Hadoop reads reservation quotas from a scheduler configuration; this one sets them for the
   * benchmark's queue only: instantaneous and average caps of 100% over a one-day window.
   */
  static final class LooseQuotaConfiguration extends ReservationSchedulerConfiguration {
    LooseQuotaConfiguration() {
      super(new Configuration(false));
    }

    @Override
    public boolean isReservable(String queue) {
      return QUEUE.equals(queue);
    }

    @Override
    public Map<ReservationACL, AccessControlList> getReservationAcls(String queue) {
      return Map.of();
    }

    @Override
    public float getInstantaneousMaxCapacity(String queue) {
      return 100f;
    }

    @Override
    public float getAverageCapacity(String queue) {
      return 100f;
    }

    @Override
    public long getReservationWindow(String queue) {
      return 24L * 3600 * 1000;
    }
  }

  static Resource resource(Resources r) {
    return HadoopTranslation.toHadoop(r);
  }
}
