const { ethers } = require("hardhat");

async function main() {
  const [deployer] = await ethers.getSigners();
  const balance = await ethers.provider.getBalance(deployer.address);

  console.log("Deploying PolyDot with account:", deployer.address);
  console.log("Account balance:", ethers.formatEther(balance), "PAS");

  const SYSTEM_PRECOMPILE = "0x0000000000000000000000000000000000000900";
  const FEE_RECIPIENT = deployer.address;

  const PolyDot = await ethers.getContractFactory("PolyDot");
  const polydot = await PolyDot.deploy(FEE_RECIPIENT, SYSTEM_PRECOMPILE);
  await polydot.waitForDeployment();

  const address = await polydot.getAddress();
  console.log("PolyDot deployed to:", address);
  console.log("Explorer:", `https://blockscout-testnet.polkadot.io/address/${address}`);

  // Create seed markets
  const now = Math.floor(Date.now() / 1000);

  console.log("\nCreating seed markets...");

  const tx1 = await polydot.createMarket(
    "Will Polkadot Hub launch on mainnet before June 2026?",
    now + 14 * 86400
  );
  await tx1.wait();
  console.log("Market 0 created (14 day deadline)");

  const tx2 = await polydot.createMarket(
    "Will DOT price exceed $10 before April 2026?",
    now + 7 * 86400
  );
  await tx2.wait();
  console.log("Market 1 created (7 day deadline)");

  const tx3 = await polydot.createMarket(
    "Will this hackathon have more than 40 total submissions?",
    now + 5 * 86400
  );
  await tx3.wait();
  console.log("Market 2 created (5 day deadline)");

  console.log("\nDeployment complete!");
  console.log("Contract address:", address);
  console.log("Fee recipient:", FEE_RECIPIENT);
  console.log("System precompile:", SYSTEM_PRECOMPILE);
  console.log("\nVerify with:");
  console.log(`npx hardhat verify --network polkadotTestnet ${address} "${FEE_RECIPIENT}" "${SYSTEM_PRECOMPILE}"`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
