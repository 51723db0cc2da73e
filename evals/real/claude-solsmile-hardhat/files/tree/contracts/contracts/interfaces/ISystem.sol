// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface ISystem {
    function toAccountId(address input) external view returns (bytes memory account_id);
    function callerIsOrigin() external view returns (bool);
    function minimumBalance() external view returns (uint);
}
