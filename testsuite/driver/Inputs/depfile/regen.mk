# The recipe for the rule of a depfile (depfile.test): make -q says
# whether make would run ckc again.
model_grad.c:
	@echo ckc model.c
