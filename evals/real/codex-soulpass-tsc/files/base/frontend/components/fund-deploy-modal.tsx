export function FundDeployModal() {
  return null;
}
