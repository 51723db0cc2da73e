// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "../interfaces/ISystem.sol";

/// @notice Mock System Precompile for local Hardhat testing only. Never deploy to testnet.
contract MockSystem is ISystem {
    function toAccountId(address input) external pure returns (bytes memory account_id) {
        // Deterministic 32-byte ID derived from the address
        bytes32 id = keccak256(abi.encodePacked("substrate", input));
        account_id = abi.encodePacked(id);
    }

    function callerIsOrigin() external pure returns (bool) {
        return true;
    }

    function minimumBalance() external pure returns (uint) {
        return 1000000; // 0.000000000001 PAS
    }
}
