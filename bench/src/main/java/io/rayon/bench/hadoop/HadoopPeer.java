package io.rayon.bench.hadoop;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.resources.Resources;
import io.rayon.model.scenario.SharingPolicySpec;
import java.util.EnumMap;
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
import org.apache.hadoop.yarn.server.resourcemanager.reservation.NoOverCommitPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.SharingPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.ContractValidationException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningQuotaException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.ResourceOverCommitException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.AlignedPlannerWithGreedy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.GreedyReservationAgent;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.ReservationAgent;
import org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator;

/**
 * One of Hadoop 3.4.1's reservation agents running standalone, with no ResourceManager: an {@link
 * InMemoryPlan} over the cluster's total capacity, a sharing policy translated from ours (see
 * {@link #hadoopPolicy}: {@code none} is Hadoop's {@link NoOverCommitPolicy}, {@code
 * capacity-over-time:C,A,W} its {@link CapacityOverTimePolicy} with C and A as percentages and W as
 * its reservation window, {@code instantaneous:C} the same with A = C), a {@link
 * DefaultResourceCalculator} (memory decides, as YARN's default) and an empty {@link RMContextImpl}
 * (no state store). Hadoop's default policy is {@code capacity-over-time:1,1,24h} ({@link
 * #HADOOP_DEFAULT_POLICY}); its agents' default is {@code favor-early-allocation=true}.
 */
public final class HadoopPeer {

  /** The two agents Hadoop ships. */
  public enum Agent {
    /** {@code GreedyReservationAgent}: with favor-early-allocation=false, the paper's GREE. */
    GREEDY("hadoop-greedy"),
    /** {@code AlignedPlannerWithGreedy}: low-cost aligned stages, falling back to greedy. */
    ALIGNED("hadoop-aligned");

    public final String label;

    Agent(String label) {
      this.label = label;
    }
  }

  /**
   * Why the agent's {@code createReservation} refused a request, read from what it threw. Hadoop's
   * plan checks every allocation an agent hands it ({@code InMemoryPlan.addReservation} runs the
   * sharing policy's {@code validate}), so an agent can find an allocation that the plan then
   * refuses.
   */
  public enum Refusal {
    /**
     * The agent found no allocation ({@code PlanningException} "The request cannot be satisfied",
     * or {@code createReservation} returned false).
     */
    NO_ALLOCATION("no allocation found"),
    /**
     * The agent's allocation would take the plan over its capacity and the plan refused it ({@code
     * ResourceOverCommitException}). The request may well have fitted: Hadoop's greedy stage
     * allocator ({@code StageAllocatorGreedyRLE}) reads the free capacity once per stage, so a
     * stage it places in several overlapping batches can be given more than is free where they
     * overlap.
     */
    OVER_CAPACITY("its own allocation over capacity"),
    /** The sharing policy's quota refused the allocation ({@code PlanningQuotaException}). */
    QUOTA("sharing-policy quota"),
    /** The request broke the agent's input rules ({@code ContractValidationException}). */
    INVALID("invalid request"),
    /** Any other {@code PlanningException}. */
    OTHER("other");

    public final String text;

    Refusal(String text) {
      this.text = text;
    }

    /**
     * The reason for what an agent threw. Hadoop's capacity-over-time policy wraps the plan's
     * over-capacity finding in its quota exception, so the causes are read first.
     */
    /** How many of {@code why} (nulls skipped: accepted requests) there are of each reason. */
    public static Map<Refusal, Integer> count(Refusal[] why) {
      Map<Refusal, Integer> m = new EnumMap<>(Refusal.class);
      for (Refusal r : why) if (r != null) m.merge(r, 1, Integer::sum);
      return m;
    }

    static Refusal of(PlanningException e) {
      for (Throwable c = e; c != null && c.getCause() != c; c = c.getCause())
        if (c instanceof ResourceOverCommitException) return OVER_CAPACITY;
      if (e instanceof PlanningQuotaException) return QUOTA;
      if (e instanceof ContractValidationException) return INVALID;
      String m = e.getMessage();
      if (m != null && m.contains("cannot be satisfied")) return NO_ALLOCATION;
      return OTHER;
    }
  }

  static final String QUEUE = "root.dedicated";

  private final Agent kind;
  private final ReservationAgent agent;
  private final InMemoryPlan plan;
  private final long stepMs;
  private final SharingPolicySpec policy;
  private final QuotaConfiguration quotas;
  private long nextId = 1;
  private Refusal lastRefusal;

  /**
   * Hadoop's own default sharing policy: capacity-over-time, 100% instantaneous and average over 24
   * h.
   */
  public static final SharingPolicySpec HADOOP_DEFAULT_POLICY =
      SharingPolicySpec.parse("capacity-over-time:1,1,24h");

  /**
   * The agent with favor-early-allocation=false under Hadoop's default policy (the benchmark's old
   * setting).
   */
  public HadoopPeer(
      Agent kind,
      Resources capacity,
      long stepMs,
      Resources minAllocation,
      Resources maxAllocation) {
    this(kind, false, HADOOP_DEFAULT_POLICY, capacity, stepMs, minAllocation, maxAllocation);
  }

  /**
   * The agent with the given {@code favor-early-allocation} (Hadoop's default: true) under the
   * Hadoop translation of {@code policy}.
   */
  public HadoopPeer(
      Agent kind,
      boolean favorEarly,
      SharingPolicySpec policy,
      Resources capacity,
      long stepMs,
      Resources minAllocation,
      Resources maxAllocation) {
    this.kind = kind;
    this.stepMs = stepMs;
    this.policy = policy;
    QuotaConfiguration conf = new QuotaConfiguration(policy);
    this.quotas = conf;
    conf.setBoolean(ReservationAgent.FAVOR_EARLY_ALLOCATION, favorEarly);
    SharingPolicy sharing = hadoopPolicy(policy);
    sharing.init(QUEUE, conf);
    this.agent =
        kind == Agent.GREEDY ? new GreedyReservationAgent() : new AlignedPlannerWithGreedy();
    agent.init(conf);
    this.plan =
        new InMemoryPlan(
            null,
            sharing,
            agent,
            HadoopTranslation.toHadoop(capacity),
            stepMs,
            new DefaultResourceCalculator(),
            HadoopTranslation.toHadoop(minAllocation),
            HadoopTranslation.toHadoop(maxAllocation),
            "dedicated",
            null,
            true,
            new RMContextImpl());
  }

  public Agent kind() {
    return kind;
  }

  /**
   * Asks the agent to place one reservation; returns its id when accepted, null when rejected. A
   * {@link PlanningException} (from the agent or from {@code plan.addReservation}) is a rejection;
   * its {@link Refusal} is kept ({@link #lastRefusal}).
   */
  public ReservationId place(ReservationDefinition definition, String user) {
    ReservationId id = ReservationId.newInstance(0, nextId++);
    try {
      if (agent.createReservation(id, user, plan, definition)) return id;
      lastRefusal = Refusal.NO_ALLOCATION;
    } catch (PlanningException e) {
      lastRefusal = Refusal.of(e);
    }
    return null;
  }

  /** Why the last rejected request was refused (null before any rejection). */
  public Refusal lastRefusal() {
    return lastRefusal;
  }

  /**
   * The accepted reservation's allocation in our model (see {@link HadoopTranslation#fromHadoop}).
   */
  public ReservationAllocation allocationOf(ReservationId id, String ourId, Resources bundle) {
    var a = plan.getReservationById(id);
    if (a == null) throw new IllegalArgumentException("no reservation " + id + " in Hadoop's plan");
    return HadoopTranslation.fromHadoop(ourId, a.getAllocationRequests(), bundle, stepMs);
  }

  public InMemoryPlan plan() {
    return plan;
  }

  /** Our sharing policy this agent's plan was set up from. */
  public SharingPolicySpec policy() {
    return policy;
  }

  /**
   * What Hadoop's policy reads for the benchmark's queue, as Hadoop's configuration states it:
   * {@code [instantaneous %, average %, window ms]}.
   */
  public double[] quotas() {
    return new double[] {
      quotas.getInstantaneousMaxCapacity(QUEUE),
      quotas.getAverageCapacity(QUEUE),
      quotas.getReservationWindow(QUEUE)
    };
  }

  /**
   * The class of Hadoop's sharing policy on the plan ({@code CapacityOverTimePolicy} or {@code
   * NoOverCommitPolicy}).
   */
  public Class<?> hadoopPolicyClass() {
    return plan.getSharingPolicy().getClass();
  }

  /**
   * Hadoop's policy class for ours: none is {@link NoOverCommitPolicy}, the others {@link
   * CapacityOverTimePolicy}.
   */
  static SharingPolicy hadoopPolicy(SharingPolicySpec p) {
    return p.kind() == SharingPolicySpec.Kind.NONE
        ? new NoOverCommitPolicy()
        : new CapacityOverTimePolicy();
  }

  /**
   * Hadoop reads reservation quotas from a scheduler configuration; this one sets them, for the
   * benchmark's queue only, from our policy: the instantaneous and average caps as percentages
   * (instantaneous:C has average C, so only the instantaneous cap binds) and the averaging window
   * (24 h when the policy has none).
   */
  static final class QuotaConfiguration extends ReservationSchedulerConfiguration {
    private final float instantaneous;
    private final float average;
    private final long windowMs;

    QuotaConfiguration(SharingPolicySpec p) {
      super(new Configuration(false));
      this.instantaneous = (float) (100 * p.instantaneous());
      this.average =
          p.kind() == SharingPolicySpec.Kind.INSTANTANEOUS
              ? instantaneous
              : (float) (100 * p.average());
      this.windowMs = p.windowSeconds() > 0 ? p.windowSeconds() * 1000 : 24L * 3600 * 1000;
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
      return instantaneous;
    }

    @Override
    public float getAverageCapacity(String queue) {
      return average;
    }

    @Override
    public long getReservationWindow(String queue) {
      return windowMs;
    }
  }

  static Resource resource(Resources r) {
    return HadoopTranslation.toHadoop(r);
  }
}
