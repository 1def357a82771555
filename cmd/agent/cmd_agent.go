package main

// agent is the model loop of issue 5. Its file replaces this stub: register the same name and
// build the run from e.Runtime(ctx), e.Budget() and e.Approver().

func init() {
	register(command{
		name: "agent", order: 30,
		summary: "run the agent loop: login, approval gate and run budget",
		run:     notBuilt("agent"),
	})
}
